# Message store: append to a post, re-read it, and delete an old post
#
# What it models: a document or message store in the style of MongoDB
# posts: one thread opens a post and appends a random amount to it, opens a
# post and reads it whole, then deletes a post from a second set of files.
# The run ends when the set of deletable posts is empty.
#
# Model: the classic FileBench personality "mongo": same two filesets,
# thread count, flowop sequence, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "postset" and "postsetdel" trees
#   $nfiles         posts in each of the two sets
#   $filesize       size of each post
#   $dirwidth       entries per directory
#   $nthreads       worker threads
#   $meaniosize     upper bound of each random append
#   $readiosize     read size for whole-file reads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $nfiles=1000
set $dirwidth=20
set $filesize=16k
set $nthreads=1
set $meaniosize=16k
set $readiosize=1m
set $memperthread=10m

set mode quit firstdone

usage "mongo variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the filesets (default $dir)"
usage "  set \$nfiles=<count>          posts in each set (default $nfiles)"
usage "  set \$filesize=<size>         size of each post (default $filesize)"
usage "  set \$dirwidth=<count>        entries per directory (default $dirwidth)"
usage "  set \$nthreads=<count>        worker threads (default $nthreads)"
usage "  set \$meaniosize=<size>       largest random append (default $meaniosize)"
usage "  set \$readiosize=<size>       read size for whole-file reads (default $readiosize)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=postset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$dirwidth,prealloc,paralloc
define fileset name=postsetdel,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$dirwidth,prealloc,paralloc

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=openfile1,filesetname=postset,fd=1
    flowop appendfilerand name=appendfilerand1,iosize=$meaniosize,fd=1
    flowop closefile name=closefile1,fd=1
    flowop openfile name=openfile2,filesetname=postset,fd=1
    flowop readwholefile name=readfile1,fd=1,iosize=$readiosize
    flowop closefile name=closefile2,fd=1
    flowop deletefile name=deletefile1,filesetname=postsetdel
  }
}

echo "mongo: message store workload loaded"
