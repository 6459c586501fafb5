# Five streams: 5 threads each write their own file sequentially
#
# What it models: several concurrent sequential writers, e.g. five recorders
# or backup streams. Each of five thread groups writes its own file front to
# back in 1 MiB chunks. Sequential writes do not wrap, so each file keeps
# growing past $filesize for as long as the run lasts: leave enough free space
# in $dir.
#
# Model: the classic FileBench personality "fivestreamwrite": same five files,
# thread groups, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the five files
#   $filesize     size of each file when it is created
#   $iosize       write size
#   $nthreads     threads per stream (each group works on its own file)
#   $memperthread private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $filesize=1g
set $nthreads=1
set $iosize=1m
set $memperthread=10m

usage "fivestreamwrite variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$filesize=<size>         size of each file at creation (default $filesize)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$nthreads=<count>        threads per stream (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile2,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile3,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile4,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile5,path=$dir,size=$filesize,prealloc,reuse

define process name=seqwrite,instances=1
{
  thread name=seqwrite1,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=seqwrite1,filename=largefile1,iosize=$iosize
  }
  thread name=seqwrite2,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=seqwrite2,filename=largefile2,iosize=$iosize
  }
  thread name=seqwrite3,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=seqwrite3,filename=largefile3,iosize=$iosize
  }
  thread name=seqwrite4,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=seqwrite4,filename=largefile4,iosize=$iosize
  }
  thread name=seqwrite5,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=seqwrite5,filename=largefile5,iosize=$iosize
  }
}

echo "fivestreamwrite: five-stream sequential write workload loaded"
