# Micro: create and fill files in a half-populated fileset, stop after $count
#
# What it models: file creation in a directory that already holds files.
# The fileset has 20000 slots, half of them pre-created; one thread creates a
# new file, writes it whole with 1 MiB I/Os and closes it, and the run stops
# after $count operations.
#
# Model: the classic FileBench micro-benchmark "filemicro_createfiles": same
# fileset, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         fileset entries (half are created before the run)
#   $filesize       size of each file
#   $meandirwidth   entries per directory (huge = one flat directory)
#   $count          operations after which the run stops
#   $iosize         write size
#   $nthreads       creating threads
#   $memperthread   private buffer memory of each thread
#
# Fixes vs. the classic: "set mode quit firstdone" added so the count ends
# the run normally (classic 1.5 aborted it); per-thread memory is a variable.

set $dir=/tmp
set $count=15000
set $filesize=1k
set $iosize=1m
set $meandirwidth=100000
set $nfiles=20000
set $nthreads=1
set $memperthread=10m

set mode quit firstdone

usage "filemicro_createfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          fileset entries, half pre-created (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$count=<count>           operations before the run stops (default $count)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$nthreads=<count>        creating threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=50

define process name=filecreate,instances=1
{
  thread name=filecreatethread,memsize=$memperthread,instances=$nthreads
  {
    flowop createfile name=createfile1,filesetname=bigfileset,fd=1
    flowop writewholefile name=writefile1,filesetname=bigfileset,fd=1,iosize=$iosize
    flowop closefile name=closefile1,fd=1
    flowop finishoncount name=finish,value=$count
  }
}

echo "filemicro_createfiles: file creation micro-benchmark loaded"
