# expect: 2:12: unexpected character '!'
set $a = 5 ! 3
