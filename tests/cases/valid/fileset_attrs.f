# define fileset with every attribute
set $depth = randvar(type=gamma, mean=3)
define fileset name=all, path=/tmp/fbfs, entries=1000, leafdirs=20, size=64k,
  dirwidth=20, dirgamma=0, dirdepthrv=$depth, prealloc=80, paralloc, reuse=false,
  trusttree=false, readonly, writeonly=false, cached=false, filesizegamma=0
define fileset name=trusted, path=/tmp/fbfs, entries=10, dirwidth=5, filesize=2k, trusttree
define fileset name=kept, path=/tmp/fbfs, entries=10, dirwidth=5, reuse=true, filesizegamma=1500
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
#> fileset /tmp/fbfs/all: 1000 files, 20 leaf dirs, size 65536, 80% preallocated
#>     would remove /tmp/fbfs/all if flowbench made it
#> fileset /tmp/fbfs/trusted: 10 files, 0 leaf dirs, size 2048, 0% preallocated
#>     would reuse /tmp/fbfs/trusted
#> fileset /tmp/fbfs/kept: 10 files, 0 leaf dirs, size gamma random var, mean 1024, 0% preallocated
#>     would reuse /tmp/fbfs/kept
