# Directory creation: 16 threads mkdir 10000 leaf directories until all exist
#
# What it models: bulk directory creation (creating a source tree, a mail
# store, per-user directories). The tree of parent directories is made before
# the run; threads then create the 10000 empty leaf directories, and the run
# ends when none is left to create.
#
# Model: the classic FileBench personality "makedirs": same fileset, thread
# count, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $ndirs          number of leaf directories to create
#   $filesize       nominal file size of the fileset (it holds no files)
#   $meandirwidth   entries per directory
#   $nthreads       mkdir threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: the (unused) file size and per-thread
# memory are variables.

set $dir=/tmp
set $ndirs=10000
set $filesize=0
set $meandirwidth=100
set $nthreads=16
set $memperthread=1m

set mode quit firstdone

usage "makedirs variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$ndirs=<count>           leaf directories to create (default $ndirs)"
usage "  set \$filesize=<size>         nominal file size, unused (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        mkdir threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,leafdirs=$ndirs,dirwidth=$meandirwidth

define process name=dirmake,instances=1
{
  thread name=dirmaker,memsize=$memperthread,instances=$nthreads
  {
    flowop makedir name=mkdir1,filesetname=bigfileset
  }
}

echo "makedirs: directory creation workload loaded"
