# expect: 2:14: variable $count is not set
set $n = 2 * $count
