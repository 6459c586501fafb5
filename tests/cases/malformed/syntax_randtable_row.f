# expect: 2:35: unexpected '}', expected ','
set $r = randvar(randtable={{50, 1}, {50, 2, 3}})
