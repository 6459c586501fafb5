# Micro: random-size appends to an empty file, fsync every 10, stop at 1 GiB
#
# What it models: a log or capture file written in records of varying size,
# flushed periodically. One thread appends records of random size (0 up to
# $iosize) $iters times, then fsyncs, and stops once $bytes have been written.
#
# Model: the classic FileBench micro-benchmark "filemicro_createrand": same
# file, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile" file
#   $filesize     starting size of the file (0 = empty)
#   $bytes        bytes written before the run stops
#   $iosize       upper bound of each random append
#   $iters        appends between two fsyncs
#   $nthreads     appending threads
#   $sync         true = open the file with synchronous writes
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "set mode quit firstdone" added so reaching $bytes
# ends the run normally (classic 1.5 aborted it); the file size and
# per-thread memory are variables.

set $dir=/tmp
set $filesize=0
set $bytes=1g
set $iosize=1m
set $iters=10
set $nthreads=1
set $sync=false
set $memperthread=10m

set mode quit firstdone

usage "filemicro_createrand variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         starting size of the file (default $filesize)"
usage "  set \$bytes=<size>            bytes written before the run stops (default $bytes)"
usage "  set \$iosize=<size>           largest random append (default $iosize)"
usage "  set \$iters=<count>           appends between fsyncs (default $iters)"
usage "  set \$nthreads=<count>        appending threads (default $nthreads)"
usage "  set \$sync=<true|false>       synchronous writes (default $sync)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile,path=$dir,size=$filesize,prealloc

define process name=filecreater,instances=1
{
  thread name=filecreaterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop appendfilerand name=append-file,filename=largefile,dsync=$sync,iosize=$iosize,iters=$iters
    flowop fsync name=sync
    flowop finishonbytes name=finish,value=$bytes
  }
}

echo "filemicro_createrand: random append micro-benchmark loaded"
