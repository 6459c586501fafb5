# Random write: one thread writes 8 KiB blocks at random offsets of a 5 GiB file
#
# What it models: random block overwrites inside a large file, such as
# database page writes or a virtual disk image. Offsets are uniform over the
# file (or over the first $workingset bytes) and aligned to the write size.
# The file is kept between runs.
#
# Model: the classic FileBench personality "randomwrite": same file, thread,
# flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file
#   $iosize       write size
#   $nthreads     writing threads
#   $workingset   bytes at the start of the file that are written (0 = all)
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

usage "randomwrite variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$workingset=<size>       region written, 0 = whole file (default $workingset)"
usage "  set \$directio=<0|1>          bypass the page cache (default $directio)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc,reuse,paralloc

define process name=rand-write,instances=1
{
  thread name=rand-thread,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=rand-write1,filename=largefile1,iosize=$iosize,random,workingset=$workingset,directio=$directio
  }
}

echo "randomwrite: random write workload loaded"
