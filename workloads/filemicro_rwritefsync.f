# Micro: 16384 random 8 KiB writes into a 1 GiB file, then one fsync
#
# What it models: buffered random writes flushed in one go, as in a
# checkpoint. One thread writes $iters blocks at random aligned offsets,
# calls fsync, and the run stops after $count loop passes.
#
# Model: the classic FileBench micro-benchmark "filemicro_rwritefsync": same
# file, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile" file
#   $filesize     size of the file
#   $count        operations before the run stops (1 = first check)
#   $iosize       write size
#   $iters        writes before each fsync
#   $nthreads     writing threads
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "cached" dropped (classic 1.5 refused the script);
# "set mode quit firstdone" added so reaching the count ends the run
# normally; per-thread memory is a variable.

set $dir=/tmp
set $count=1
set $filesize=1g
set $iosize=8k
set $iters=16384
set $nthreads=1
set $memperthread=10m

set mode quit firstdone

usage "filemicro_rwritefsync variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$count=<count>           operations before the run stops (default $count)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$iters=<count>           writes before each fsync (default $iters)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile,path=$dir,size=$filesize,prealloc

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=write-file,filename=bigfile,random,iosize=$iosize,iters=$iters
    flowop fsync name=sync-file
    flowop finishoncount name=finish,value=$count
  }
}

echo "filemicro_rwritefsync: random write plus fsync micro-benchmark loaded"
