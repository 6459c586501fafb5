# Micro: sequential 1 MiB reads of a 1 GiB file, looping for the whole run
#
# What it models: streaming a large file (media playback, a backup reader).
# One thread reads the file front to back in large chunks and starts again at
# the beginning when it reaches the end, until the run time is over.
#
# Model: the classic FileBench micro-benchmark "filemicro_seqread": same
# file, thread, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "largefile" file
#   $filesize     size of the file
#   $iosize       read size
#   $nthreads     reading threads
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "cached" dropped (classic 1.5 refused the script);
# per-thread memory is a variable.

set $dir=/tmp
set $filesize=1g
set $iosize=1m
set $nthreads=1
set $memperthread=10m

usage "filemicro_seqread variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$iosize=<size>           read size (default $iosize)"
usage "  set \$nthreads=<count>        reading threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=largefile,path=$dir,size=$filesize,prealloc,reuse

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=seqread-file,filename=largefile,iosize=$iosize
  }
}

echo "filemicro_seqread: sequential read micro-benchmark loaded"
