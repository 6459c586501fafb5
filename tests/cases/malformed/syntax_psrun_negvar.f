# expect: 2:8: unexpected variable '$t', expected number
psrun -$t
