# one-letter variable names work everywhere a variable does
set $a = 4
set $b = $a * 2
set $p = /tmp/fbol
define fileset name=x, path=$p, entries=$b, dirwidth=$a
define process name=q, instances=$a { thread name=t { flowop hog name=h, value=$b } }
echo "a=$a b=$b"
run
#> a=4 b=8
#>   fileset /tmp/fbol/x: 8 files
#>   process q x4
