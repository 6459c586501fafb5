# expect: 2:13: division by zero
set $n = 10 / (5 - 5)
