# file flowops: createfile, openfile, closefile, deletefile, statfile, fsync, fsyncset
define fileset name=pool, path=/tmp/fbfo, entries=1000, dirwidth=20, size=16k, prealloc=50
define process name=fo { thread name=t {
  flowop createfile name=create, filesetname=pool, fd=1
  flowop appendfile name=append, fd=1, iosize=16k
  flowop fsync name=sync, fd=1
  flowop fsyncset name=syncall, filesetname=pool
  flowop closefile name=close, fd=1
  flowop statfile name=stat, filesetname=pool
  flowop statfile name=fstat, fd=1
  flowop openfile name=open, filesetname=pool, fd=2, indexed=7
  flowop closefile name=close2, fd=2
  flowop deletefile name=delete, filesetname=pool
  flowop deletefile name=delete1, fd=1
} }
run
#>       flowop createfile     create
#>       flowop appendfile     append
#>       flowop fsync          sync
#>       flowop fsyncset       syncall
#>       flowop closefile      close
#>       flowop statfile       stat
#>       flowop statfile       fstat
#>       flowop openfile       open
#>       flowop closefile      close2
#>       flowop deletefile     delete
#>       flowop deletefile     delete1
