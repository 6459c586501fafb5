# several runs in one script, each bound to the values of its moment
define fileset name=m, path=/tmp/fbmr, entries=$n, dirwidth=5
define process name=p { thread name=t { flowop statfile name=st, filesetname=m } }
set $n = 100
run 1
set $n = 200
set mode quit firstdone
run
define process name=q { thread name=t { flowop hog name=h, value=1 } }
set $n = 300
run 2
#> check: run 1 (timed) is valid
#>   fileset /tmp/fbmr/m: 100 files
#> check: run 2 (until the workload finishes) is valid
#>   fileset /tmp/fbmr/m: 200 files
#> check: run 3 (timed) is valid
#>   fileset /tmp/fbmr/m: 300 files
#>   process q x1
