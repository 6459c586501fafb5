# Micro: 128Ki sequential appends of random size (up to 8 KiB) to an empty file
#
# What it models: a log written in variable-size records. One thread opens
# the file, appends $count records whose size is uniformly random below
# $iosize, closes it, and the run ends after that pass.
#
# Model: the classic FileBench micro-benchmark "filemicro_seqwriterand": same
# file, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile" file
#   $filesize     starting size of the file (0 = empty)
#   $count        appends in the pass
#   $iosize       upper bound of each random append
#   $nthreads     writing threads
#   $sync         true = open the file with synchronous writes
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "cached" dropped (classic 1.5 refused the script);
# "set mode quit firstdone" added so the end of the pass ends the run
# normally; the file size and per-thread memory are variables.

set $dir=/tmp
set $filesize=0
set $count=128k
set $iosize=8k
set $nthreads=1
set $sync=false
set $memperthread=10m

set mode quit firstdone

usage "filemicro_seqwriterand variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         starting size of the file (default $filesize)"
usage "  set \$count=<count>           appends in the pass (default $count)"
usage "  set \$iosize=<size>           largest random append (default $iosize)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$sync=<true|false>       synchronous writes (default $sync)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile,path=$dir,size=$filesize,prealloc

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=open-file,filename=bigfile,fd=1
    flowop appendfilerand name=appendrand-file,dsync=$sync,iosize=$iosize,fd=1,iters=$count
    flowop closefile name=close,fd=1
    flowop finishoncount name=finish,value=1
  }
}

echo "filemicro_seqwriterand: random-size append micro-benchmark loaded"
