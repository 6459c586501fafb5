# Micro: append 8 KiB blocks to an empty file, fsync every 8 MiB, stop at 1 GiB
#
# What it models: a write-ahead log or journal that flushes at regular
# intervals. One thread appends $writeiters blocks, calls fsync, and the run
# ends after $fsynccount fsyncs (1024 x 8 KiB x 128 = 1 GiB by default).
#
# Model: the classic FileBench micro-benchmark "filemicro_writefsync" (1.5):
# same file, thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile" file
#   $filesize     starting size of the file (0 = empty)
#   $iosize       append size
#   $writeiters   appends between two fsyncs
#   $fsynccount   fsyncs after which the run stops
#   $nthreads     writing threads
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: the classic set $fsynccount but stopped at a literal
# 128; here the finish count uses $fsynccount. No trailing "run"; file size,
# thread count and per-thread memory are variables.

set $dir=/tmp
set $filesize=0
set $iosize=8k
set $writeiters=1024
set $fsynccount=128
set $nthreads=1
set $memperthread=10m

set mode quit firstdone

usage "filemicro_writefsync variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         starting size of the file (default $filesize)"
usage "  set \$iosize=<size>           append size (default $iosize)"
usage "  set \$writeiters=<count>      appends between fsyncs (default $writeiters)"
usage "  set \$fsynccount=<count>      fsyncs before the run stops (default $fsynccount)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile,path=$dir,size=$filesize,prealloc

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop appendfile name=append-file,filename=bigfile,iosize=$iosize,iters=$writeiters
    flowop fsync name=sync-file
    flowop finishoncount name=finish,value=$fsynccount,target=sync-file
  }
}

echo "filemicro_writefsync: append plus fsync micro-benchmark loaded"
