# Indexed random file access: 5 threads append to one file and read two others
#
# What it models: clients that pick files by index with a skewed
# distribution (a few hot files get most of the traffic), as in a network
# file server. Each loop pass opens three files chosen through a gamma index
# variable, appends a gamma-sized record to the first, and reads the other
# two whole with table-driven read sizes. File sizes follow an empirical
# table from 1 KiB to 1.7 MiB.
#
# Model: the classic FileBench personality "randomfileaccess": same random
# variables and tables, fileset, thread count, flowop sequence, flowop names
# and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "bigfileset" tree
#   $nfiles         number of files
#   $meandirwidth   entries per directory
#   $nthreads       client threads
#   $filesize       file size: a probability table, 1k to 1707k (randvar)
#   $wrtiosize      append size: gamma randvar (min 512, mean 16k, step 512)
#   $rdiosize       read size: a probability table, 8k to 64k (randvar)
#   $fileidx        file index: gamma randvar (shape 0.1, mean 0.1)
#   $memperthread   private buffer memory of each thread
#
# Fixes vs. the classic: "define randvar" is written in the
# "set $v = randvar(...)" form and "cached" is dropped (classic 1.5 refused
# both); the unused $sync variable is gone; per-thread memory is a variable.

set $dir=/tmp
set $meandirwidth=20
set $nthreads=5
set $nfiles=10000
set $memperthread=10m

set $wrtiosize = randvar(type=gamma, min=512, mean=16k, round=512)

set $rdiosize = randvar(type=tabular, min=8k, round=1k, randtable =
  {{85,   8k,   8k},
   {15,   8k,  64k}})

set $filesize = randvar(type=tabular, min=1k, randtable =
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

usage "randomfileaccess variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          number of files (default $nfiles)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        client threads (default $nthreads)"
usage "  set \$filesize=<size>         file size (default table, 1k to 1707k)"
usage "  set \$wrtiosize=<size>        append size (default gamma, min 512, mean 16k)"
usage "  set \$rdiosize=<size>         read size (default table, 8k to 64k)"
usage "  set \$fileidx=<randvar>       file index picker (default gamma, shape 0.1)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=100

define process name=netclient,instances=1
{
  thread name=fileuser,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=openfile1,filesetname=bigfileset,indexed=$fileidx,fd=1
    flowop openfile name=openfile2,filesetname=bigfileset,indexed=$fileidx,fd=2
    flowop openfile name=openfile3,filesetname=bigfileset,indexed=$fileidx,fd=3
    flowop appendfilerand name=appendfilerand1,iosize=$wrtiosize,fd=1
    flowop closefile name=closefile1,fd=1
    flowop readwholefile name=readfile1,iosize=$rdiosize,fd=2
    flowop readwholefile name=readfile2,iosize=$rdiosize,fd=3
    flowop closefile name=closefile2,fd=2
    flowop closefile name=closefile3,fd=3
  }
}

echo "randomfileaccess: indexed random file access workload loaded"
