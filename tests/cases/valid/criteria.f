set $target=100
criteria ops_per_sec >= 0.95 * $target
criteria p99.9 <= 2.5ms # comment
criteria -mean + 3 * (2 - 1) / 4 != 1k
#> check: run 1
#>   then judge: criteria ops_per_sec >= 0.95 * $target
#>   then judge: criteria -mean + 3 * (2 - 1) / 4 != 1k
define fileset name=f, path=/tmp, entries=1, dirwidth=1, size=1k
define process name=p { thread name=t { flowop read name=r1, filesetname=f, iosize=1k } }
