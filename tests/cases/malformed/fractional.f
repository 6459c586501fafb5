# expect: 2:10: fractional number '1.5'
set $n = 1.5
