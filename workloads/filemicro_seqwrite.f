# Micro: write a 1 GiB file from empty with 1024 sequential 1 MiB appends
#
# What it models: writing one large file sequentially (a download, a dump,
# a video recording), optionally with synchronous writes. One thread appends
# $count chunks in one burst and the run ends after that pass.
#
# Model: the classic FileBench micro-benchmark "filemicro_seqwrite": same
# file, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile" file
#   $filesize     starting size of the file (0 = empty)
#   $count        appends in the pass
#   $iosize       append size
#   $nthreads     writing threads
#   $sync         true = open the file with synchronous writes
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "cached" dropped (classic 1.5 refused the script);
# "set mode quit firstdone" added so the end of the pass ends the run
# normally; the file size and per-thread memory are variables.

set $dir=/tmp
set $filesize=0
set $count=1024
set $iosize=1m
set $nthreads=1
set $sync=false
set $memperthread=10m

set mode quit firstdone

usage "filemicro_seqwrite variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         starting size of the file (default $filesize)"
usage "  set \$count=<count>           appends in the pass (default $count)"
usage "  set \$iosize=<size>           append size (default $iosize)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$sync=<true|false>       synchronous writes (default $sync)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile,path=$dir,size=$filesize,prealloc

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop appendfile name=write-file,dsync=$sync,filename=bigfile,iosize=$iosize,iters=$count
    flowop finishoncount name=finish,value=1
  }
}

echo "filemicro_seqwrite: sequential write micro-benchmark loaded"
