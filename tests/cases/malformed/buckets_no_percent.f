# expect: 2:28: unexpected ')', expected ':'
set $sz = buckets(4k:50, 8k)
