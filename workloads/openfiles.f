# Open/close: 16 threads open and close the files of a 50000-file tree
#
# What it models: the cost of path lookup and open/close alone, with no data
# transfer (as in build systems or scanners that open many files). Every
# thread opens the next empty file of the tree and closes it again, for the
# whole run.
#
# Model: the classic FileBench personality "openfiles": same fileset, thread
# count, flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files
#   $filesize       size of each file (0 = empty files)
#   $meandirwidth   entries per directory
#   $nthreads       open/close threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: the file size and per-thread memory are
# variables.

set $dir=/tmp
set $nfiles=50000
set $filesize=0
set $meandirwidth=100
set $nthreads=16
set $memperthread=1m

usage "openfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of files (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        open/close threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc

define process name=fileopen,instances=1
{
  thread name=fileopener,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=open1,filesetname=bigfileset,fd=1
    flowop closefile name=close1,fd=1
  }
}

echo "openfiles: open and close workload loaded"
