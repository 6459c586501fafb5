# Micro: random 2 KiB writes into a 1 GiB file until 128 MiB have been written
#
# What it models: small random overwrites inside a large file (database
# pages, virtual disk images), optionally synchronous. One thread writes at
# random aligned offsets and stops after $bytes.
#
# Model: the classic FileBench micro-benchmark "filemicro_rwrite": same file,
# thread, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile1" file
#   $filesize     size of the file
#   $bytes        bytes written before the run stops
#   $iosize       write size
#   $iters        writes per loop pass
#   $nthreads     writing threads
#   $sync         true = open the file with synchronous writes
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: "cached" dropped (classic 1.5 refused the script);
# "set mode quit firstdone" added so reaching $bytes ends the run normally;
# per-thread memory is a variable.

set $dir=/tmp
set $bytes=128m
set $filesize=1g
set $iosize=2k
set $iters=1
set $nthreads=1
set $sync=false
set $memperthread=10m

set mode quit firstdone

usage "filemicro_rwrite variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$bytes=<size>            bytes written before the run stops (default $bytes)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$iters=<count>           writes per loop pass (default $iters)"
usage "  set \$nthreads=<count>        writing threads (default $nthreads)"
usage "  set \$sync=<true|false>       synchronous writes (default $sync)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile1,path=$dir,size=$filesize,prealloc,reuse

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=write-file,filename=bigfile1,random,dsync=$sync,iosize=$iosize,iters=$iters
    flowop finishonbytes name=finish,value=$bytes
  }
}

echo "filemicro_rwrite: random write micro-benchmark loaded"
