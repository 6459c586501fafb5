# command and entity words may be used as names and values after '='
define fileset name=run, path=/tmp/fbkw, entries=4, dirwidth=2
define file name=random, path=/tmp/fbkw, prealloc
define fileset name=files, path=/tmp/fbkw, entries=4, dirwidth=2
define process name=set { thread name=define {
  flowop read name=echo, filesetname=run, iosize=1k
  flowop write name=random, filename=random, iosize=1k, random
  flowop statfile name=fileset, filesetname=files
  flowop hog name=thread, value=1
} }
echo "run"
echo "files"
run
#> run
#> files
#>   fileset /tmp/fbkw/run: 4 files
#>   file /tmp/fbkw/random: 1 files
#>   fileset /tmp/fbkw/files: 4 files
#>   process set x1
#>     thread define x1
#>       flowop read           echo
#>       flowop write          random
#>       flowop statfile       fileset
#>       flowop hog            thread
