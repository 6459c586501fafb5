# Micro: synchronous random 2 KiB writes into a 1 GiB file, $count operations
#
# What it models: small synchronous random writes (O_DSYNC), the pattern of a
# database that commits every page write. One thread writes at random aligned
# offsets of a large file kept between runs and stops after $count operations.
#
# Model: the classic FileBench micro-benchmark "filemicro_rwritedsync": same
# file, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile" file
#   $filesize     size of the file
#   $count        operations before the run stops
#   $iosize       write size
#   $iters        writes per loop pass
#   $nthreads     writing threads
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "set mode quit firstdone" added so reaching the
# count ends the run normally (classic 1.5 aborted it); per-thread memory is
# a variable.

set $dir=/tmp
set $count=65536
set $filesize=1g
set $iosize=2k
set $iters=1
set $nthreads=1
set $memperthread=10m

set mode quit firstdone

usage "filemicro_rwritedsync variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$count=<count>           operations before the run stops (default $count)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$iters=<count>           writes per loop pass (default $iters)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile,path=$dir,size=$filesize,prealloc,reuse

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=write-file,filename=bigfile,random,dsync,iosize=$iosize,iters=$iters
    flowop finishoncount name=finish,value=$count
  }
}

echo "filemicro_rwritedsync: synchronous random write micro-benchmark loaded"
