# expect: 2:9: unexpected end of input
set $a =