# Single stream: one thread writes one file sequentially, O_DIRECT
#
# What it models: one large sequential writer that bypasses the page cache
# (O_DIRECT), so every 1 MiB chunk goes to the device. The file starts small
# and grows for as long as the run lasts (sequential writes do not wrap):
# leave enough free space in $dir.
#
# Model: the classic FileBench personality "singlestreamwritedirect": same
# file, thread, flowop, flowop name and defaults (the classic file had no
# size attribute, which means 1 KiB).
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file when it is created
#   $iosize       write size (a multiple of the device block size)
#   $nthreads     writing threads (all share the one file)
#   $memperthread private buffer memory of each thread (> $iosize)
#
# Changes from the classic script: the starting size (implicit 1 KiB in the
# classic) and per-thread memory are variables.

set $dir=/tmp
set $filesize=1k
set $iosize=1m
set $nthreads=1
set $memperthread=10m

usage "singlestreamwritedirect variables (change with set before running):"
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
    flowop write name=seqwrite,filename=largefile1,iosize=$iosize,directio
  }
}

echo "singlestreamwritedirect: direct sequential write workload loaded"
