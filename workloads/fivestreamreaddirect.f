# Five streams: 5 threads each read their own 1 GiB file sequentially, O_DIRECT
#
# What it models: several concurrent sequential readers, e.g. five clients
# streaming different large files with O_DIRECT (bypassing the page cache).
# Each of five thread groups reads its own pre-allocated file front to back in
# 1 MiB chunks and starts over at the end, for the whole run.
#
# Model: the classic FileBench personality "fivestreamreaddirect": same five
# files, thread groups, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the five files
#   $filesize     size of each file when it is created
#   $iosize       read size
#   $nthreads     threads per stream (each group works on its own file)
#   $memperthread private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $filesize=1g
set $nthreads=1
set $iosize=1m
set $memperthread=10m

usage "fivestreamreaddirect variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$filesize=<size>         size of each file at creation (default $filesize)"
usage "  set \$iosize=<size>           read size (default $iosize)"
usage "  set \$nthreads=<count>        threads per stream (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile2,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile3,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile4,path=$dir,size=$filesize,prealloc,reuse
define file name=largefile5,path=$dir,size=$filesize,prealloc,reuse

define process name=seqread,instances=1
{
  thread name=seqread1,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread1,filename=largefile1,iosize=$iosize,directio
  }
  thread name=seqread2,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread2,filename=largefile2,iosize=$iosize,directio
  }
  thread name=seqread3,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread3,filename=largefile3,iosize=$iosize,directio
  }
  thread name=seqread4,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread4,filename=largefile4,iosize=$iosize,directio
  }
  thread name=seqread5,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread5,filename=largefile5,iosize=$iosize,directio
  }
}

echo "fivestreamreaddirect: five-stream sequential read workload loaded"
