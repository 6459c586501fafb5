# arithmetic: precedence, left associativity, parentheses, variables, suffixes
set $a = 2 + 3 * 4
set $b = (2 + 3) * 4
set $c = 100 - 10 - 5
set $d = 100 / 10 / 5
set $e = 7 / 2
set $f = ((1k + $a) - (2 * $c)) / 2
set $g = $a*$b+$c
set $h = 16k * 4 - 1m / 16
set $i = 10/2
set $j = $b/4-1
echo "a=$a b=$b c=$c d=$d"
echo "e=$e f=$f g=$g h=$h"
echo "i=$i j=$j"
#> a=14 b=20 c=85 d=2
#> e=3 f=434 g=365 h=0
#> i=5 j=4
