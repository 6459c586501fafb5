# directory flowops: makedir and removedir need leafdirs; listdir reads directories
define fileset name=dirs, path=/tmp/fbdir, leafdirs=500, dirwidth=10, prealloc=50
define fileset name=tree, path=/tmp/fbdir, entries=500, dirwidth=5, prealloc
define process name=d { thread name=t {
  flowop makedir name=mk, filesetname=dirs
  flowop removedir name=rm, filesetname=dirs
  flowop listdir name=ls, filesetname=tree
} }
run
#>   fileset /tmp/fbdir/dirs: 0 files, 500 leaf dirs, size 1024, 50% preallocated
#>       flowop makedir        mk
#>       flowop removedir      rm
#>       flowop listdir        ls
