# Directory removal: 16 threads rmdir 10000 empty leaf directories
#
# What it models: bulk removal of empty directories (cleaning up a build or
# a spool tree). All 10000 leaf directories are created before the run;
# threads remove them one by one and the run ends when none is left.
#
# Model: the classic FileBench personality "removedirs": same fileset, thread
# count, flowop, flowop name and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $ndirs          number of leaf directories created before the run
#   $filesize       nominal file size of the fileset (it holds no files)
#   $meandirwidth   entries per directory
#   $nthreads       rmdir threads
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

usage "removedirs variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$ndirs=<count>           leaf directories to remove (default $ndirs)"
usage "  set \$filesize=<size>         nominal file size, unused (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        rmdir threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,leafdirs=$ndirs,dirwidth=$meandirwidth,prealloc

define process name=remdir,instances=1
{
  thread name=removedirectory,memsize=$memperthread,instances=$nthreads
  {
    flowop removedir name=dirremover,filesetname=bigfileset
  }
}

echo "removedirs: directory removal workload loaded"
