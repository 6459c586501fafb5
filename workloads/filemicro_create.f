# Micro: grow one empty file by 1 MiB appends until $count operations are done
#
# What it models: the simplest way to write a new large file: start from an
# empty file and append fixed-size chunks (optionally with O_DSYNC) until a
# target count is reached, e.g. 1024 x 1 MiB = about 1 GiB.
#
# Model: the classic FileBench micro-benchmark "filemicro_create": same file,
# thread, flowops, flowop names and defaults. The stop count is measured by
# an untargeted finishoncount, as in the classic.
#
# Variables to edit:
#   $dir          parent directory of the "largefile" file
#   $filesize     starting size of the file (0 = empty)
#   $count        operations after which the run stops
#   $iosize       append size
#   $nthreads     appending threads
#   $sync         true = open the file with synchronous writes
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "set mode quit firstdone" added, so reaching the
# count ends the run normally (classic 1.5 aborted it without results); the
# file size and per-thread memory are variables.

set $dir=/tmp
set $filesize=0
set $count=1024
set $iosize=1m
set $nthreads=1
set $sync=false
set $memperthread=10m

set mode quit firstdone

usage "filemicro_create variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         starting size of the file (default $filesize)"
usage "  set \$count=<count>           operations before the run stops (default $count)"
usage "  set \$iosize=<size>           append size (default $iosize)"
usage "  set \$nthreads=<count>        appending threads (default $nthreads)"
usage "  set \$sync=<true|false>       synchronous writes (default $sync)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile,path=$dir,size=$filesize,prealloc

define process name=filecreater,instances=1
{
  thread name=filecreaterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop appendfile name=append-file,filename=largefile,dsync=$sync,iosize=$iosize
    flowop finishoncount name=finish,value=$count
  }
}

echo "filemicro_create: append-to-new-file micro-benchmark loaded"
