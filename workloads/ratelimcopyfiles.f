# Rate-limited tree copy: copyfiles throttled to $eventrate copies per second
#
# What it models: the same tree copy as copyfiles.f, but paced, like a
# background replication or migration job that must not saturate the disk.
# An iopslimit flowop aimed at the destination write lets one whole-file
# write through per event of the event generator, so the copy rate follows
# $eventrate (events per second). Without the target the limit would count
# reads too and run at half that rate.
#
# Model: the classic FileBench personality "ratelimcopyfiles": same filesets,
# event rate, thread count, flowop sequence, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" and "destfiles" trees
#   $eventrate      copies per second (0 = no limit)
#   $nfiles         number of files to copy
#   $filesize       size of each file
#   $dirwidth       entries per directory
#   $iosize         I/O size of the whole-file read and write
#   $nthreads       copying threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: per-thread memory is a variable.

set $dir=/tmp
set $eventrate=10
set $dirwidth=20
set $filesize=16k
set $iosize=1m
set $nfiles=1000
set $nthreads=1
set $memperthread=10m

eventgen rate=$eventrate
set mode quit firstdone

usage "ratelimcopyfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of both filesets (default $dir)"
usage "  set \$eventrate=<per second>  copies per second, 0 = unlimited (default $eventrate)"
usage "  set \$nfiles=<count>          files to copy (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$dirwidth=<count>        entries per directory (default $dirwidth)"
usage "  set \$iosize=<size>           read and write I/O size (default $iosize)"
usage "  set \$nthreads=<count>        copying threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$dirwidth,prealloc=100
define fileset name=destfiles,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$dirwidth

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=openfile1,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile1,fd=1,iosize=$iosize
    flowop createfile name=createfile2,filesetname=destfiles,fd=2
    flowop writewholefile name=writefile2,filesetname=destfiles,fd=2,srcfd=1,iosize=$iosize
    flowop closefile name=closefile1,fd=1
    flowop closefile name=closefile2,fd=2
    flowop iopslimit name=iopslim1,target=writefile2
  }
}

echo "ratelimcopyfiles: paced tree copy workload loaded"
