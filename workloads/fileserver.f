# File server: 50 threads create, write, append, read, delete and stat files
#
# What it models: a general-purpose file server (an NFS or SMB home-directory
# server). Each worker thread repeatedly creates a file and writes it whole,
# appends a random amount to an existing file, reads another file whole,
# deletes a file and stats one. Files are medium sized (gamma distribution
# around 128 KiB) in a tree 20 entries wide.
#
# Model: the classic FileBench personality "fileserver" (1.5): same fileset,
# thread count, flowop sequence, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files
#   $filesize       size per file: gamma (mean 128 KiB, shape 1.5) by
#                   default; a plain size such as 128k also works
#   $meandirwidth   entries per directory
#   $nthreads       worker threads
#   $meanappendsize upper bound of each random append
#   $iosize         I/O size of whole-file reads and writes
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: no trailing "run 60" (use --runtime or
# "run N"); per-thread memory is a variable.

set $dir=/tmp
set $nfiles=10000
set $meandirwidth=20
set $filesize=cvar(type=cvar-gamma,parameters=mean:131072;gamma:1.5)
set $nthreads=50
set $iosize=1m
set $meanappendsize=16k
set $memperthread=10m

usage "fileserver variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of files (default $nfiles)"
usage "  set \$filesize=<size>         size per file (default gamma, mean 128k, shape 1.5)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        worker threads (default $nthreads)"
usage "  set \$meanappendsize=<size>   largest random append (default $meanappendsize)"
usage "  set \$iosize=<size>           whole-file read/write I/O size (default $iosize)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=80

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop createfile name=createfile1,filesetname=bigfileset,fd=1
    flowop writewholefile name=wrtfile1,srcfd=1,fd=1,iosize=$iosize
    flowop closefile name=closefile1,fd=1
    flowop openfile name=openfile1,filesetname=bigfileset,fd=1
    flowop appendfilerand name=appendfilerand1,iosize=$meanappendsize,fd=1
    flowop closefile name=closefile2,fd=1
    flowop openfile name=openfile2,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile1,fd=1,iosize=$iosize
    flowop closefile name=closefile3,fd=1
    flowop deletefile name=deletefile1,filesetname=bigfileset
    flowop statfile name=statfile1,filesetname=bigfileset
  }
}

echo "fileserver: file server workload loaded"
