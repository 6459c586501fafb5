# Single stream: one thread writes one file sequentially in 1 MiB chunks
#
# What it models: one large sequential writer (a recorder, a dump, a backup
# target). The file starts small and the thread writes 1 MiB chunks one after
# another; sequential writes do not wrap, so the file grows for as long as
# the run lasts: leave enough free space in $dir.
#
# Model: the classic FileBench personality "singlestreamwrite": same file,
# thread, flowop, flowop name and defaults (the classic file had no size
# attribute, which means 1 KiB).
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file when it is created
#   $iosize       write size
#   $nthreads     writing threads (all share the one file)
#   $memperthread private buffer memory of each thread
#
# Changes from the classic script: the starting size (implicit 1 KiB in the
# classic) and per-thread memory are variables.

set $dir=/tmp
set $filesize=1k
set $iosize=1m
set $nthreads=1
set $memperthread=10m

usage "singlestreamwrite variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file at creation (default $filesize)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc

define process name=seqwrite,instances=1
{
  thread name=seqwrite,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=seqwrite,filename=largefile1,iosize=$iosize
  }
}

echo "singlestreamwrite: sequential write workload loaded"
