# a script without run is checked once at its end, with the values of that moment
define fileset name=ir, path=/tmp/fbir, entries=$n, dirwidth=5
define process name=p { thread name=t { flowop statfile name=st, filesetname=ir } }
set $n = 42
#> check: run 1 (timed) is valid; it would:
#>   fileset /tmp/fbir/ir: 42 files
