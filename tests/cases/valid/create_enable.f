# create files (and create fileset) and enable lathist are accepted
define fileset name=cf, path=/tmp/fbcf, entries=4, dirwidth=2, prealloc
create files
create fileset
enable lathist
define process name=p { thread name=t { flowop statfile name=st, filesetname=cf } }
run 1
#> check: run 1 (timed) is valid; it would:
#>   fileset /tmp/fbcf/cf: 4 files, 0 leaf dirs, size 1024, 100% preallocated
