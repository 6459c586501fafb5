# attributes that name a variable read it when the run starts, not at define:
# a set after the define changes what list and the check's plan show
set $n = 10
set $dir = /tmp/fbearly
define fileset name=lb, path=$dir, entries=$n, dirwidth=5, size=$sz
define process name=p, instances=$np { thread name=t, instances=$nt { flowop hog name=h, value=1 } }
set $n = 20
set $dir = /tmp/fblate
set $sz = 8k
set $np = 2
set $nt = 3
list filesets
run
#> lb      fileset $dir (/tmp/fblate) $n (20) $sz (8192) 5
#>   fileset /tmp/fblate/lb: 20 files, 0 leaf dirs, size 8192
#>   process p x2
#>     thread t x3
