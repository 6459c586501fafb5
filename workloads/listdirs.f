# Directory listing: 16 threads read the directories of a deep 50000-file tree
#
# What it models: directory scans (ls, find, a file manager or backup walker)
# over a deep tree: each directory holds about 5 entries, so 50000 empty
# files make many levels. Every thread opens the next directory of the tree,
# reads all its entries and closes it, for the whole run.
#
# Model: the classic FileBench personality "listdirs": same fileset, thread
# count, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files (they shape the tree)
#   $filesize       size of each file (0 = empty files)
#   $meandirwidth   entries per directory
#   $nthreads       listing threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: the file size and per-thread memory are
# variables.

set $dir=/tmp
set $nfiles=50000
set $filesize=0
set $meandirwidth=5
set $nthreads=16
set $memperthread=1m

usage "listdirs variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of files (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        listing threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc

define process name=lsdir,instances=1
{
  thread name=dirlister,memsize=$memperthread,instances=$nthreads
  {
    flowop listdir name=open1,filesetname=bigfileset
  }
}

echo "listdirs: directory listing workload loaded"
