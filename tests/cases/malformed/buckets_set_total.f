# expect: 2:11: bucket percentages total 101%, they must total exactly 100
set $sz = buckets(4k:51, 8k:50)
