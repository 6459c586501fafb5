# expect: 3:13: 4 - 5 is negative
set $a = 4
set $n = $a - 5
