# prealloc bare is 100%, prealloc=false 0% (a percentage stored from a boolean); path= loses its trailing slash
define fileset name=bare, path=/tmp/fbfs/, entries=10, dirwidth=5, prealloc
define fileset name=off, path=/tmp/fbfs, entries=10, dirwidth=5, prealloc=false
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
#> fileset /tmp/fbfs/bare: 10 files, 0 leaf dirs, size 1024, 100% preallocated
#> fileset /tmp/fbfs/off: 10 files, 0 leaf dirs, size 1024, 0% preallocated
