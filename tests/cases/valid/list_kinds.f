# list: every kind, singular and plural spellings, and everything at once
set $n = 8
define fileset name=fs1, path=/tmp/fbls, entries=$n, dirwidth=4, size=2k
define file name=one, path=/tmp/fbls
define flowop name=comp { flowop statfile name=s, filesetname=fs1 }
define process name=pr, instances=2 { thread name=th, instances=3 {
  flowop read name=rd, filesetname=fs1, iosize=1k
  flowop comp name=c
} }
list filesets
list fileset
list files
list process
list thread
list randvar
list flowop
list flowops
list processes
list variables
list workloads
list
#> fileset kind    path      entries size dirwidth
#> fs1     fileset /tmp/fbls $n (8)  2048 4
#> one     file    /tmp/fbls 1       1024 -
#> fs1     fileset
#> fs1     fileset
#> process pr, instances 2
#> process pr, instances 2
#> $n 8
#> composite comp
#> composite comp
#>   flowop statfile s  fs1
#> process pr, thread th
#>   flowop read     rd fs1
#>   flowop comp     c
#> process pr, instances 2
#>   thread th, instances 3, 2 flowops
#> $n 8
#> varmail
#> fileset kind    path
#> composite comp
#> process pr, instances 2
#> $n 8
