# Micro: sequential appends with gamma-distributed sizes (min 1k, mean 5.5k)
#
# What it models: sequential writing with a realistic, skewed record size
# distribution. Each thread owns one initially empty file, opens it, appends
# $count records whose size comes from a gamma random variable, closes it,
# and the run ends after that pass.
#
# Model: the classic FileBench micro-benchmark "filemicro_seqwriterandvargam":
# same fileset, threads, random variable parameters, flowops, flowop names
# and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nthreads       writing threads (one file each)
#   $filesize       starting size of each file (0 = empty)
#   $meandirwidth   entries per directory
#   $count          appends in the pass
#   $iosize         append size: gamma randvar (min 1k, mean 5632, shape 1.5)
#                   by default; a fixed size or another randvar also works
#   $sync           true = open the files with synchronous writes
#   $memperthread   private buffer memory of each thread
#
# Fixes vs. the classic: the legacy "define randvar" is written in the
# "set $iosize = randvar(...)" form and "cached" is dropped (classic 1.5
# refused both); "set mode quit firstdone" added so the end of the pass ends
# the run normally; file size, directory width and per-thread memory are
# variables.

set $dir=/tmp
set $nthreads=1
set $filesize=0
set $meandirwidth=1024
set $sync=false
set $count=128k
set $memperthread=10m

set $iosize = randvar(type=gamma, min=1k, mean=5632, gamma=1500)

set mode quit firstdone

usage "filemicro_seqwriterandvargam variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nthreads=<count>        writing threads, one file each (default $nthreads)"
usage "  set \$filesize=<size>         starting size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$count=<count>           appends in the pass (default $count)"
usage "  set \$iosize=<size>           append size (default gamma, min 1k, mean 5632)"
usage "  set \$sync=<true|false>       synchronous writes (default $sync)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nthreads,dirwidth=$meandirwidth,prealloc=100

define process name=filewriter,instances=1
{
  thread name=filewriterthread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=open-file,filesetname=bigfileset,fd=1
    flowop appendfile name=write-file,dsync=$sync,iosize=$iosize,fd=1,iters=$count
    flowop closefile name=close,fd=1
    flowop finishoncount name=finish,value=1
  }
}

echo "filemicro_seqwriterandvargam: gamma-size append micro-benchmark loaded"
