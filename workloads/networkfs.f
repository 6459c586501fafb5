# Network file server mix with per-use fileset parameters (netsfs variant)
#
# What it models: the same desktop-client mix as netsfs.f (launch = read
# three files, six read-modify-write cycles, three appends, a stat, then one
# event of the rate limiter), but each composite flowop takes the fileset to
# work on as a parameter, so the composites could be reused on other sets.
# File and I/O sizes follow empirical probability tables; files are picked
# by index through a gamma variable (a hot spot on a few files).
#
# Model: the classic FileBench personality "networkfs": same random
# variables and tables, fileset size rule ($nfiles times $eventrate entries),
# composite flowops with local variables ($filesetrmw, $filesetlch,
# $filesetapd), iteration counts, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         files per unit of event rate
#   $eventrate      loop passes per second over all threads (0 = unlimited)
#   $totalfiles     fileset entries, computed as $nfiles * $eventrate when the
#                   script is read; set it directly to resize the fileset
#   $meandirwidth   entries per directory
#   $nthreads       client threads
#   $filesize       file size: a probability table, 1k to 1707k (randvar)
#   $rdiosize       read size: a probability table, 8k to 135k (randvar)
#   $wrtiosize      write size: a probability table, 9k to 135k (randvar)
#   $fileidx        file index: gamma randvar (shape 0.1, mean 0.1)
#   $memperthread   private buffer memory of each thread
#
# Fixes vs. the classic: "define randvar" is written in the
# "set $v = randvar(...)" form and "cached" is dropped (classic 1.5 refused
# both, and also aborted on the composite local variables, which flowbench
# supports); the unused $sync variable is gone; per-thread memory is a
# variable.

set $dir=/tmp
set $eventrate=10
set $meandirwidth=20
set $nthreads=1
set $nfiles=10000
set $memperthread=10m
set $totalfiles=$nfiles * $eventrate

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

usage "networkfs variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          files per unit of event rate (default $nfiles)"
usage "  set \$eventrate=<per second>  loop passes per second, 0 = unlimited (default $eventrate)"
usage "  set \$totalfiles=<count>      fileset entries (default nfiles * eventrate = $totalfiles)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        client threads (default $nthreads)"
usage "  set \$filesize=<size>         file size (default table, 1k to 1707k)"
usage "  set \$rdiosize=<size>         read size (default table, 8k to 135k)"
usage "  set \$wrtiosize=<size>        write size (default table, 9k to 135k)"
usage "  set \$fileidx=<randvar>       file index picker (default gamma, shape 0.1)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$totalfiles,dirwidth=$meandirwidth,prealloc=60

# read a file, write a replacement of the same size, delete the original
define flowop name=rmw,$filesetrmw
{
  flowop openfile name=openfile1,filesetname=$filesetrmw,indexed=$fileidx,fd=1
  flowop readwholefile name=readfile1,iosize=$rdiosize,fd=1
  flowop createfile name=newfile2,filesetname=$filesetrmw,indexed=$fileidx,fd=2
  flowop writewholefile name=writefile2,fd=2,iosize=$wrtiosize,srcfd=1
  flowop closefile name=closefile1,fd=1
  flowop closefile name=closefile2,fd=2
  flowop deletefile name=deletefile1,fd=1
}

# "start an application": read three files whole
define flowop name=launch,$filesetlch
{
  flowop openfile name=openfile3,filesetname=$filesetlch,indexed=$fileidx,fd=3
  flowop readwholefile name=readfile3,iosize=$rdiosize,fd=3
  flowop openfile name=openfile4,filesetname=$filesetlch,indexed=$fileidx,fd=4
  flowop readwholefile name=readfile4,iosize=$rdiosize,fd=4
  flowop closefile name=closefile3,fd=3
  flowop openfile name=openfile5,filesetname=$filesetlch,indexed=$fileidx,fd=5
  flowop readwholefile name=readfile5,iosize=$rdiosize,fd=5
  flowop closefile name=closefile4,fd=4
  flowop closefile name=closefile5,fd=5
}

# append a random amount to one file
define flowop name=appnd,$filesetapd
{
  flowop openfile name=openfile6,filesetname=$filesetapd,indexed=$fileidx,fd=6
  flowop appendfilerand name=appendfilerand6,iosize=$wrtiosize,fd=6
  flowop closefile name=closefile6,fd=6
}

define process name=netclient,instances=1
{
  thread name=fileuser,memsize=$memperthread,instances=$nthreads
  {
    flowop launch name=launch1,iters=1,$filesetlch=bigfileset
    flowop rmw name=rmw1,iters=6,$filesetrmw=bigfileset
    flowop appnd name=appnd1,iters=3,$filesetapd=bigfileset
    flowop statfile name=statfile1,filesetname=bigfileset,indexed=$fileidx
    flowop eventlimit name=ratecontrol
  }
}

echo "networkfs: parameterised network file server mix loaded"
