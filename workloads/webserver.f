# Web server: 100 threads read whole small files and append to a shared log
#
# What it models: a static-content web server. Each worker thread serves ten
# pages (open, read whole, close, on a read-only set of small files) and then
# appends one access-log record to a log file that it keeps open. The load is
# read-mostly, with one small write per ten reads.
#
# Model: the classic FileBench personality "webserver" (1.5): same two
# filesets, thread count, flowop sequence, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" and "logfiles" trees
#   $nfiles         number of content files
#   $filesize       size per file: gamma (mean 16 KiB, shape 1.5) by
#                   default; a plain size such as 16k also works
#   $meandirwidth   entries per directory
#   $nlogfiles      number of log files
#   $nthreads       worker threads
#   $iosize         read size for whole-file reads
#   $meanappendsize upper bound of each log append
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: no trailing "run 60"; the log file count
# (1 in the classic) and per-thread memory are variables.

set $dir=/tmp
set $nfiles=1000
set $meandirwidth=20
set $filesize=cvar(type=cvar-gamma,parameters=mean:16384;gamma:1.5)
set $nlogfiles=1
set $nthreads=100
set $iosize=1m
set $meanappendsize=16k
set $memperthread=10m

usage "webserver variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the filesets (default $dir)"
usage "  set \$nfiles=<count>          number of content files (default $nfiles)"
usage "  set \$filesize=<size>         size per file (default gamma, mean 16k, shape 1.5)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nlogfiles=<count>       number of log files (default $nlogfiles)"
usage "  set \$nthreads=<count>        worker threads (default $nthreads)"
usage "  set \$iosize=<size>           read size for whole-file reads (default $iosize)"
usage "  set \$meanappendsize=<size>   largest log append (default $meanappendsize)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=100,readonly
define fileset name=logfiles,path=$dir,size=$filesize,entries=$nlogfiles,dirwidth=$meandirwidth,prealloc

define process name=filereader,instances=1
{
  thread name=filereaderthread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=openfile1,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile1,fd=1,iosize=$iosize
    flowop closefile name=closefile1,fd=1
    flowop openfile name=openfile2,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile2,fd=1,iosize=$iosize
    flowop closefile name=closefile2,fd=1
    flowop openfile name=openfile3,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile3,fd=1,iosize=$iosize
    flowop closefile name=closefile3,fd=1
    flowop openfile name=openfile4,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile4,fd=1,iosize=$iosize
    flowop closefile name=closefile4,fd=1
    flowop openfile name=openfile5,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile5,fd=1,iosize=$iosize
    flowop closefile name=closefile5,fd=1
    flowop openfile name=openfile6,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile6,fd=1,iosize=$iosize
    flowop closefile name=closefile6,fd=1
    flowop openfile name=openfile7,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile7,fd=1,iosize=$iosize
    flowop closefile name=closefile7,fd=1
    flowop openfile name=openfile8,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile8,fd=1,iosize=$iosize
    flowop closefile name=closefile8,fd=1
    flowop openfile name=openfile9,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile9,fd=1,iosize=$iosize
    flowop closefile name=closefile9,fd=1
    flowop openfile name=openfile10,filesetname=bigfileset,fd=1
    flowop readwholefile name=readfile10,fd=1,iosize=$iosize
    flowop closefile name=closefile10,fd=1
    flowop appendfilerand name=appendlog,filesetname=logfiles,iosize=$meanappendsize,fd=2
  }
}

echo "webserver: web server workload loaded"
