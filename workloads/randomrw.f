# Random read/write: one reader and one writer on random 8 KiB blocks of a file
#
# What it models: a mixed random workload on one large file, e.g. a database
# data file that is read and updated at the same time. One thread group reads
# and another writes blocks at uniform random aligned offsets over the file
# (or over the first $workingset bytes). The file is kept between runs.
#
# Model: the classic FileBench personality "randomrw": same file, two thread
# groups, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile1" file
#   $filesize     size of the file
#   $iosize       read and write size
#   $nthreads     threads in the reader group and in the writer group
#   $workingset   bytes at the start of the file that are used (0 = all)
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

usage "randomrw variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$iosize=<size>           read and write size (default $iosize)"
usage "  set \$nthreads=<count>        readers, and also writers (default $nthreads)"
usage "  set \$workingset=<size>       region used, 0 = whole file (default $workingset)"
usage "  set \$directio=<0|1>          bypass the page cache (default $directio)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile1,path=$dir,size=$filesize,prealloc,reuse,paralloc

define process name=rand-rw,instances=1
{
  thread name=rand-r-thread,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=rand-read1,filename=largefile1,iosize=$iosize,random,workingset=$workingset,directio=$directio
  }
  thread name=rand-w-thread,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=rand-write1,filename=largefile1,iosize=$iosize,random,workingset=$workingset,directio=$directio
  }
}

echo "randomrw: random read and write workload loaded"
