# Copy a tree: one thread reads each file of a source set into a new file
#
# What it models: copying a directory tree of small files (cp -r, a backup or
# a build staging step). A thread opens a source file, reads it whole, creates
# the matching destination file, writes the same number of bytes and closes
# both. The run ends when every destination file exists.
#
# Model: the classic FileBench personality "copyfiles": same two filesets,
# thread count, flowop sequence, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" and "destfiles" trees
#   $nfiles         number of files to copy (both sets have this many entries)
#   $meanfilesize   size of each file
#   $meandirwidth   entries per directory
#   $iosize         I/O size of the whole-file read and write
#   $nthreads       copying threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable. The run is
# count-based (it stops when "destfiles" is full), hence the firstdone mode.

set $dir=/tmp
set $nfiles=1000
set $meandirwidth=20
set $meanfilesize=16k
set $iosize=1m
set $nthreads=1
set $memperthread=10m

set mode quit firstdone

usage "copyfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of both filesets (default $dir)"
usage "  set \$nfiles=<count>          files to copy (default $nfiles)"
usage "  set \$meanfilesize=<size>     size of each file (default $meanfilesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$iosize=<size>           read and write I/O size (default $iosize)"
usage "  set \$nthreads=<count>        copying threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$meanfilesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=100,paralloc
define fileset name=destfiles,path=$dir,size=$meanfilesize,entries=$nfiles,dirwidth=$meandirwidth

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=openfile1,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile1,fd=1,iosize=$iosize
    flowop createfile name=createfile2,filesetname=destfiles,fd=2
    flowop writewholefile name=writefile2,fd=2,srcfd=1,iosize=$iosize
    flowop closefile name=closefile1,fd=1
    flowop closefile name=closefile2,fd=2
  }
}

echo "copyfiles: tree copy workload loaded"
