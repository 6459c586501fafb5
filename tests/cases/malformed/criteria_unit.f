# expect: 2:18: criteria: unknown unit (ns, us, ms, s, B, KiB, MiB, GiB, k, m or g)
criteria p99 <= 5xs
