# Single stream: one thread reads a 5 GiB file sequentially in 1 MiB chunks
#
# What it models: one large sequential reader (a media stream, a backup or a
# table scan). The thread reads a pre-allocated file front to back and starts
# over at the end, for the whole run. The file is kept between runs.
#
# Model: the classic FileBench personality "singlestreamread": same file,
# thread, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file
#   $iosize       read size
#   $nthreads     reading threads (all share the one file)
#   $memperthread private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $filesize=5g
set $nthreads=1
set $iosize=1m
set $memperthread=10m

usage "singlestreamread variables (change with set before running):"
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
    flowop read name=seqread,filename=largefile1,iosize=$iosize
  }
}

echo "singlestreamread: sequential read workload loaded"
