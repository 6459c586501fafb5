# Network file server mix: launch, read-modify-write, append and stat, paced
#
# What it models: the operation mix seen by an NFS/SMB server from desktop
# clients, driven at a fixed rate. One loop pass does: a "launch" (open and
# read three files whole), six read-modify-write cycles (read a file, write a
# replacement file of the same size, delete the original), three appends to
# existing files, and a stat; then it waits for one event of the generator,
# so passes run at $eventrate per second. File sizes and I/O sizes follow
# empirical probability tables; files are picked by index through a gamma
# variable, which concentrates access on a few files (a hot spot).
#
# Model: the classic FileBench personality "netsfs" (1.5): same random
# variables and tables, fileset, composite flowops (rmw, launch, appnd),
# iteration counts, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files (60% exist before the run)
#   $meandirwidth   entries per directory
#   $nthreads       client threads
#   $eventrate      loop passes per second over all threads (0 = unlimited)
#   $filesize       file size: a probability table, 1k to 1707k (randvar)
#   $rdiosize       read size: a probability table, 8k to 135k (randvar)
#   $wrtiosize      write size: a probability table, 9k to 135k (randvar)
#   $fileidx        file index: gamma randvar (shape 0.1, mean 0.1)
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: no trailing "run 60"; per-thread memory is
# a variable; the unused $sync variable is gone.

set $dir=/tmp
set $eventrate=10
set $meandirwidth=20
set $nthreads=1
set $nfiles=100000
set $memperthread=10m

eventgen rate=$eventrate

set $wrtiosize = randvar(type=tabular, min=1k, round=1k, randtable =
  {{ 0,   1k,    7k},
   {50,   9k,   15k},
   {14,  17k,   23k},
   {14,  33k,   39k},
   {12,  65k,   71k},
   {10, 129k,  135k}})

set $rdiosize = randvar(type=tabular, min=8k, round=1k, randtable =
  {{85,   8k,    8k},
   { 8,  17k,   23k},
   { 4,  33k,   39k},
   { 2,  65k,   71k},
   { 1, 129k,  135k}})

set $filesize = randvar(type=tabular, min=1k, round=1k, randtable =
  {{33,   1k,    1k},
   {21,   1k,    3k},
   {13,   3k,    5k},
   {10,   5k,   11k},
   { 8,  11k,   21k},
   { 5,  21k,   43k},
   { 4,  43k,   85k},
   { 3,  85k,  171k},
   { 2, 171k,  341k},
   { 1, 341k, 1707k}})

set $fileidx = randvar(type=gamma, min=0, gamma=100)

usage "netsfs variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of files (default $nfiles)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        client threads (default $nthreads)"
usage "  set \$eventrate=<per second>  loop passes per second, 0 = unlimited (default $eventrate)"
usage "  set \$filesize=<size>         file size (default table, 1k to 1707k)"
usage "  set \$rdiosize=<size>         read size (default table, 8k to 135k)"
usage "  set \$wrtiosize=<size>        write size (default table, 9k to 135k)"
usage "  set \$fileidx=<randvar>       file index picker (default gamma, shape 0.1)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=60

define flowop name=rmw
{
  flowop openfile name=openfile1,filesetname=bigfileset,indexed=$fileidx,fd=1
  flowop readwholefile name=readfile1,iosize=$rdiosize,fd=1
  flowop createfile name=newfile2,filesetname=bigfileset,indexed=$fileidx,fd=2
  flowop writewholefile name=writefile2,fd=2,iosize=$wrtiosize,srcfd=1
  flowop closefile name=closefile1,fd=1
  flowop closefile name=closefile2,fd=2
  flowop deletefile name=deletefile1,fd=1
}

define flowop name=launch
{
  flowop openfile name=openfile3,filesetname=bigfileset,indexed=$fileidx,fd=3
  flowop readwholefile name=readfile3,iosize=$rdiosize,fd=3
  flowop openfile name=openfile4,filesetname=bigfileset,indexed=$fileidx,fd=4
  flowop readwholefile name=readfile4,iosize=$rdiosize,fd=4
  flowop closefile name=closefile3,fd=3
  flowop openfile name=openfile5,filesetname=bigfileset,indexed=$fileidx,fd=5
  flowop readwholefile name=readfile5,iosize=$rdiosize,fd=5
  flowop closefile name=closefile4,fd=4
  flowop closefile name=closefile5,fd=5
}

define flowop name=appnd
{
  flowop openfile name=openfile6,filesetname=bigfileset,indexed=$fileidx,fd=6
  flowop appendfilerand name=appendfilerand6,iosize=$wrtiosize,fd=6
  flowop closefile name=closefile6,fd=6
}

define process name=netclient,instances=1
{
  thread name=fileuser,memsize=$memperthread,instances=$nthreads
  {
    flowop launch name=launch1,iters=1
    flowop rmw name=rmw1,iters=6
    flowop appnd name=appnd1,iters=3
    flowop statfile name=statfile1,filesetname=bigfileset,indexed=$fileidx
    flowop eventlimit name=ratecontrol
  }
}

echo "netsfs: network file server mix loaded"
