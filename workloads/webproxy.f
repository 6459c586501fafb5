# Web proxy cache: 100 threads replace a cached object, then read five objects
#
# What it models: a caching web proxy. Each worker thread evicts one cached
# object (delete), stores a new one (create, random-size append, close) and
# then serves five objects from the cache (open, read whole, close). All
# objects live in one flat directory.
#
# Model: the classic FileBench personality "webproxy" (1.5): same fileset,
# thread count, flowop sequence, flowop names and defaults. The final
# "opslimit" is inert unless an event rate is set with eventgen, as in the
# classic.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of cached objects
#   $meanfilesize   size of each object
#   $meandirwidth   entries per directory (huge = one flat directory)
#   $nthreads       worker threads
#   $meaniosize     upper bound of each random append
#   $iosize         read size for whole-file reads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $nfiles=10000
set $meandirwidth=1000000
set $meanfilesize=16k
set $nthreads=100
set $meaniosize=16k
set $iosize=1m
set $memperthread=10m

usage "webproxy variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of cached objects (default $nfiles)"
usage "  set \$meanfilesize=<size>     size of each object (default $meanfilesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        worker threads (default $nthreads)"
usage "  set \$meaniosize=<size>       largest random append (default $meaniosize)"
usage "  set \$iosize=<size>           read size for whole-file reads (default $iosize)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$meanfilesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=80

define process name=proxycache,instances=1
{
  thread name=proxycache,memsize=$memperthread,instances=$nthreads
  {
    flowop deletefile name=deletefile1,filesetname=bigfileset
    flowop createfile name=createfile1,filesetname=bigfileset,fd=1
    flowop appendfilerand name=appendfilerand1,iosize=$meaniosize,fd=1
    flowop closefile name=closefile1,fd=1
    flowop openfile name=openfile2,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile2,fd=1,iosize=$iosize
    flowop closefile name=closefile2,fd=1
    flowop openfile name=openfile3,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile3,fd=1,iosize=$iosize
    flowop closefile name=closefile3,fd=1
    flowop openfile name=openfile4,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile4,fd=1,iosize=$iosize
    flowop closefile name=closefile4,fd=1
    flowop openfile name=openfile5,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile5,fd=1,iosize=$iosize
    flowop closefile name=closefile5,fd=1
    flowop openfile name=openfile6,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile6,fd=1,iosize=$iosize
    flowop closefile name=closefile6,fd=1
    flowop opslimit name=limit
  }
}

echo "webproxy: web proxy cache workload loaded"
