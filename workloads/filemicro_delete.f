# Micro: 16 threads delete files from a full fileset until $count operations
#
# What it models: bulk deletion (purging a cache or a spool). Every thread
# deletes existing files one after another; the run ends once the finish
# check has counted $count operations.
#
# Model: the classic FileBench micro-benchmark "filemicro_delete": same
# fileset, threads, flowops, flowop names and defaults. The "opslimit" step
# does nothing unless an event rate is set with eventgen, as in the classic.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files created before the run
#   $filesize       size of each file
#   $meandirwidth   entries per directory
#   $count          operations after which the run stops
#   $nthreads       deleting threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $count=1000
set $filesize=16k
set $nfiles=5000
set $meandirwidth=100
set $nthreads=16
set $memperthread=10m

set mode quit firstdone

usage "filemicro_delete variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          files created before the run (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$count=<count>           operations before the run stops (default $count)"
usage "  set \$nthreads=<count>        deleting threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=100,paralloc

define process name=filedelete,instances=1
{
  thread name=filedeletethread,memsize=$memperthread,instances=$nthreads
  {
    flowop deletefile name=deletefile1,filesetname=bigfileset
    flowop opslimit name=limit
    flowop finishoncount name=finish,value=$count
  }
}

echo "filemicro_delete: file deletion micro-benchmark loaded"
