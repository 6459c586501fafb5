# expect: 2:13: unexpected '*'
set $a = 1 +* 2
