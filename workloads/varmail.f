# Mail server: threads delete, create, append+fsync and read small mail files
#
# What it models: a mail spool such as /var/mail on a busy server. Every
# worker thread repeats one mail "session": remove a message, deliver a new
# one (create, random-size append, fsync, close), then open an existing
# message, read it whole, append to it and fsync it, and finally open and read
# one more message. All files sit in one flat directory, so directory lookups
# and the fsync path dominate.
#
# Model: the classic FileBench personality "varmail" (1.5). Fileset, thread
# count, flowop order, flowop names and default values are the same, so
# results can be compared with published varmail numbers.
#
# Variables to edit (set them after loading, before the run):
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of mail files
#   $filesize       size of each file: a gamma distribution (mean 16 KiB,
#                   shape 1.5) by default; a plain size such as 16k also works
#   $meandirwidth   files per directory (huge = one flat directory)
#   $nthreads       worker threads
#   $meanappendsize upper bound of each random append
#   $iosize         read chunk size for whole-file reads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: no "run" at the end (flowbench runs the
# script for --runtime seconds, or use "load varmail" then "run 60"); the
# per-thread memory is a variable.

set $dir=/tmp
set $nfiles=1000
set $meandirwidth=1000000
set $filesize=cvar(type=cvar-gamma,parameters=mean:16384;gamma:1.5)
set $nthreads=16
set $iosize=1m
set $meanappendsize=16k
set $memperthread=10m

usage "varmail variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of mail files (default $nfiles)"
usage "  set \$filesize=<size>         size per file (default gamma, mean 16k, shape 1.5)"
usage "  set \$meandirwidth=<count>    files per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        worker threads (default $nthreads)"
usage "  set \$meanappendsize=<size>   largest random append (default $meanappendsize)"
usage "  set \$iosize=<size>           read size for whole-file reads (default $iosize)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=80

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop deletefile name=deletefile1,filesetname=bigfileset
    flowop createfile name=createfile2,filesetname=bigfileset,fd=1
    flowop appendfilerand name=appendfilerand2,iosize=$meanappendsize,fd=1
    flowop fsync name=fsyncfile2,fd=1
    flowop closefile name=closefile2,fd=1
    flowop openfile name=openfile3,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile3,fd=1,iosize=$iosize
    flowop appendfilerand name=appendfilerand3,iosize=$meanappendsize,fd=1
    flowop fsync name=fsyncfile3,fd=1
    flowop closefile name=closefile3,fd=1
    flowop openfile name=openfile4,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile4,fd=1,iosize=$iosize
    flowop closefile name=closefile4,fd=1
  }
}

echo "varmail: mail server workload loaded"
