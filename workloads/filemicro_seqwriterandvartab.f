# Micro: sequential appends with table-driven sizes (1-64 KiB, mostly small)
#
# What it models: sequential writing with an empirical record size mix:
# 80% of appends are 1-4 KiB, 15% are 4-16 KiB and 5% are 16-64 KiB. Each
# thread owns one initially empty file, opens it, appends $count records,
# closes it, and the run ends after that pass.
#
# Model: the classic FileBench micro-benchmark "filemicro_seqwriterandvartab":
# same fileset, threads, probability table, flowops, flowop names and
# defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nthreads       writing threads (one file each)
#   $filesize       starting size of each file (0 = empty)
#   $meandirwidth   entries per directory
#   $count          appends in the pass
#   $iosize         append size: tabular randvar (see above) by default; a
#                   fixed size or another randvar also works
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

set $iosize = randvar(type=tabular, min=1k, randtable =
  {{ 80,  1k,  4k},
   { 15,  4k, 16k},
   {  5, 16k, 64k}})

set mode quit firstdone

usage "filemicro_seqwriterandvartab variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nthreads=<count>        writing threads, one file each (default $nthreads)"
usage "  set \$filesize=<size>         starting size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$count=<count>           appends in the pass (default $count)"
usage "  set \$iosize=<size>           append size (default table: 80% 1k-4k, 15% 4k-16k, 5% 16k-64k)"
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

echo "filemicro_seqwriterandvartab: table-size append micro-benchmark loaded"
