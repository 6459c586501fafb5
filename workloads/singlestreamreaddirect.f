# Single stream: one thread reads a 5 GiB file sequentially, O_DIRECT
#
# What it models: one large sequential reader that bypasses the page cache
# (O_DIRECT), as databases and some media servers do, so the device rather
# than memory is measured. The thread reads a pre-allocated file front to back
# in 1 MiB chunks and starts over at the end. The file is kept between runs.
#
# Model: the classic FileBench personality "singlestreamreaddirect": same
# file, thread, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file
#   $iosize       read size (a multiple of the device block size)
#   $nthreads     reading threads (all share the one file)
#   $memperthread private buffer memory of each thread (> $iosize)
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $filesize=5g
set $nthreads=1
set $iosize=1m
set $memperthread=10m

usage "singlestreamreaddirect variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$iosize=<size>           read size (default $iosize)"
usage "  set \$nthreads=<count>        reading threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc,reuse

define process name=seqread,instances=1
{
  thread name=seqread,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread,filename=largefile1,iosize=$iosize,directio
  }
}

echo "singlestreamreaddirect: direct sequential read workload loaded"
