# Random read: one thread reads 8 KiB blocks at random offsets of a 5 GiB file
#
# What it models: random block reads of a large file, such as database index
# or table lookups. Offsets are uniform over the file (or over the first
# $workingset bytes) and aligned to the read size. The file is kept between
# runs.
#
# Model: the classic FileBench personality "randomread": same file, thread,
# flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file
#   $iosize       read size
#   $nthreads     reading threads
#   $workingset   bytes at the start of the file that are read (0 = all)
#   $directio     1 = bypass the page cache (O_DIRECT)
#   $memperthread private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $filesize=5g
set $iosize=8k
set $nthreads=1
set $workingset=0
set $directio=0
set $memperthread=5m

usage "randomread variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$iosize=<size>           read size (default $iosize)"
usage "  set \$nthreads=<count>        reading threads (default $nthreads)"
usage "  set \$workingset=<size>       region read, 0 = whole file (default $workingset)"
usage "  set \$directio=<0|1>          bypass the page cache (default $directio)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc,reuse,paralloc

define process name=rand-read,instances=1
{
  thread name=rand-thread,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=rand-read1,filename=largefile1,iosize=$iosize,random,workingset=$workingset,directio=$directio
  }
}

echo "randomread: random read workload loaded"
