# expect: 2:32: randtable row 2 {50, 4, 3}: lo must be <= hi
set $r = randvar(type=tabular, randtable={{50, 1, 2}, {50, 4, 3}})
