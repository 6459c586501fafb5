# File creation: 16 threads create and fill files until the fileset is full
#
# What it models: bulk file creation (unpacking an archive, a mail or object
# store filling up). Each thread creates a new file, writes its full size and
# closes it. The fileset starts empty; the run ends when every entry exists.
#
# Model: the classic FileBench personality "createfiles": same fileset,
# thread count, flowop sequence, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files to create
#   $meanfilesize   size of each file
#   $meandirwidth   entries per directory
#   $iosize         write size
#   $nthreads       creating threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $nfiles=50000
set $meandirwidth=100
set $meanfilesize=16k
set $iosize=1m
set $nthreads=16
set $memperthread=10m

set mode quit firstdone

usage "createfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          files to create (default $nfiles)"
usage "  set \$meanfilesize=<size>     size of each file (default $meanfilesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$iosize=<size>           write size (default $iosize)"
usage "  set \$nthreads=<count>        creating threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$meanfilesize,entries=$nfiles,dirwidth=$meandirwidth

define process name=filecreate,instances=1
{
  thread name=filecreatethread,memsize=$memperthread,instances=$nthreads
  {
    flowop createfile name=createfile1,filesetname=bigfileset,fd=1
    flowop writewholefile name=writefile1,fd=1,iosize=$iosize
    flowop closefile name=closefile1,fd=1
  }
}

echo "createfiles: file creation workload loaded"
