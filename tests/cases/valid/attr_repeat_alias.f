# a repeated attribute: the last one wins; filesize/filesetname/rotatefd are aliases
define fileset name=rep, path=/tmp/fbra, entries=1, entries=7, dirwidth=2, size=1k, filesize=3k
define process name=p, instances=5, instances=1 { thread name=t {
  flowop read name=r, filesetname=rep, iosize=1k, rotatefd
  flowop read name=r2, filename=rep, filesetname=rep, iosize=1k, opennext=false
} }
run
#>   fileset /tmp/fbra/rep: 7 files, 0 leaf dirs, size 3072
#>   process p x1
