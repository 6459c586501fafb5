# '$x)' does not swallow the ')' and ${x} is the same variable as $x
set $m = 4k
set ${lo} = 1k
set $r = randvar(type=uniform, min=$lo, mean=$m)
set $s = randvar(type=uniform, min=${lo}, mean=${m})
set $t = ($m)
set $u = (${m} + $lo)*2
echo "t=$t u=$u lo=$lo m=${m}"
define fileset name=r, path=/tmp/fbvb, entries=2, dirwidth=2, size=$r
define fileset name=s, path=/tmp/fbvb, entries=2, dirwidth=2, size=${s}
define process name=p { thread name=t { flowop hog name=h, value=1 } }
run
#> t=4096 u=10240 lo=1024 m=4096
#>   fileset /tmp/fbvb/r: 2 files, 0 leaf dirs, size uniform random var, mean 4096,
#>   fileset /tmp/fbvb/s: 2 files, 0 leaf dirs, size uniform random var, mean 4096,
