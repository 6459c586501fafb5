# Micro: 20 threads stat the files of a 10000-file tree, round robin
#
# What it models: metadata lookups (ls -l, find, a backup scanner checking
# modification times). Every thread calls stat on the next file of a
# pre-allocated tree, for the whole run.
#
# Model: the classic FileBench micro-benchmark "filemicro_statfile": same
# fileset, thread count, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files
#   $filesize       size of each file
#   $meandirwidth   entries per directory
#   $nthreads       stat threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $nfiles=10000
set $meandirwidth=20
set $filesize=128k
set $nthreads=20
set $memperthread=10m

usage "filemicro_statfile variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of files (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        stat threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=100

define process name=examinefiles,instances=1
{
  thread name=examinefilethread,memsize=$memperthread,instances=$nthreads
  {
    flowop statfile name=statfile1,filesetname=bigfileset
  }
}

echo "filemicro_statfile: stat micro-benchmark loaded"
