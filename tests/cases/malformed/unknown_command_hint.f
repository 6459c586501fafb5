# expect: 3:1: unknown command 'sett'; did you mean 'set'?
set $a = 1
sett $b = 2
