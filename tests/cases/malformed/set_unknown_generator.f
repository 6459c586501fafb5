# expect: 2:10: unknown generator 'rand(...)'
set $r = rand(type=uniform, mean=5)
