set $a = 6
set $b = ($a + 4) * 3 / 2 - 1
echo "b=$b"
#> b=14
