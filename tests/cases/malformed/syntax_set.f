# expect: 2:8: unexpected number '5', expected '='
set $a 5
