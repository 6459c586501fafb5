# expect: 2:18: unknown randvar type 'normal'
set $r = randvar(type=normal, mean=10)
