# a number written as a string (or a word made by -D) is accepted where a number is wanted
set $n = "12"
set $sz = "16k"
set $flag = "true"
define fileset name=sn, path=/tmp/fbsn, entries=$n, dirwidth=3, size=$sz, reuse=$flag
define process name=p { thread name=t { flowop hog name=h, value=1 } }
run
#>   fileset /tmp/fbsn/sn: 12 files, 0 leaf dirs, size 16384
#>     would reuse /tmp/fbsn/sn
