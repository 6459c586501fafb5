# expect: 2:32: randtable percentages total 90%
set $r = randvar(type=tabular, randtable={{50, 1k, 2k}, {40, 2k, 4k}})
