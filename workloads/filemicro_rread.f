# Micro: random 2 KiB reads from a 1 GiB file until 128 MiB have been read
#
# What it models: small random reads, as in a database or index lookup,
# against one large pre-allocated file that is kept between runs. One thread
# reads at random aligned offsets and stops after $bytes.
#
# Model: the classic FileBench micro-benchmark "filemicro_rread": same file,
# thread, flowops and defaults. The read flowop keeps its classic label
# "write-file" so output parsers still match.
#
# Variables to edit:
#   $dir          parent directory of the "bigfile1" file
#   $filesize     size of the file
#   $bytes        bytes read before the run stops
#   $iosize       read size
#   $iters        reads per loop pass
#   $nthreads     reading threads
#   $memperthread private buffer memory of each thread
#
# Fixes vs. the classic: the "cached" file attribute (not understood by
# classic 1.5, which refused the script) is dropped; "set mode quit
# firstdone" added so reaching $bytes ends the run normally; per-thread
# memory is a variable.

set $dir=/tmp
set $bytes=128m
set $filesize=1g
set $iosize=2k
set $iters=1
set $nthreads=1
set $memperthread=10m

set mode quit firstdone

usage "filemicro_rread variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$bytes=<size>            bytes read before the run stops (default $bytes)"
usage "  set \$iosize=<size>           read size (default $iosize)"
usage "  set \$iters=<count>           reads per loop pass (default $iters)"
usage "  set \$nthreads=<count>        reading threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=bigfile1,path=$dir,size=$filesize,prealloc,reuse

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=write-file,filesetname=bigfile1,random,iosize=$iosize,iters=$iters
    flowop finishonbytes name=finish,value=$bytes
  }
}

echo "filemicro_rread: random read micro-benchmark loaded"
