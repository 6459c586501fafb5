# EDA: electronic design automation, a metadata-heavy front end over many small and mid-size files, at a requested op rate
#
# What it models: chip-design tools (simulation, synthesis, verification)
# run by many jobs at once over a shared project tree: lots of stat and
# lookup traffic, random reads and writes of mid-size design files, and files
# created and removed as jobs write their outputs. Every process asks for a
# fixed op rate; the run passes when at least 95% of it was delivered.
#
# Model: the EDA workload of SPECstorage Solution 2020 (SPEC,
# https://www.spec.org/storage2020/, "SPECstorage Solution 2020 User's Guide"),
# whose front-end component is metadata-heavy and whose back-end component
# reads and writes larger files, at a fixed per-process op rate (business
# metric: job sets). The percentages and size buckets below are flowbench's
# approximation, not SPEC's tables.
#
# The mix, one operation per pass chosen by weight (a choose composite):
# statfile 40%, random read 25%, random write 20%, a new file (createfile then
# closefile) 10%, deletefile 5%. Every operation picks its own file of the
# tree: a read or write opens a design file picked for it, reads or writes
# one I/O at a random offset, and closes it (openclose; the open and close
# are not counted as operations). I/O sizes (buckets): 50% 4 KiB, 30% 16 KiB,
# 20% 64 KiB; file sizes 70% 128 KiB, 30% 512 KiB (a random read needs a file
# at least one I/O long).
#
# Variables to edit:
#   $dir        parent directory of the "design" fileset
#   $nfiles     files in the tree
#   $procs      job processes
#   $oprate     operations per second each process asks for (rate=, open loop)
#   $minshare   percent of the requested rate the criteria ask for (95)

set $dir=/tmp
set $nfiles=10000
set $procs=4
set $oprate=100
set $minshare=95
set $filesize=buckets(128k:70,512k:30)
set $iosize=buckets(4k:50,16k:30,64k:20)

usage "eda variables (change with set before running):"
usage "  set \$dir=<path>        parent directory of the tree (default $dir)"
usage "  set \$nfiles=<count>    files in the tree (default $nfiles)"
usage "  set \$procs=<count>     job processes (default $procs)"
usage "  set \$oprate=<n>        operations per second asked of each process (default $oprate)"
usage "  set \$minshare=<percent>  share of the requested rate the criteria ask for (default $minshare)"

define fileset name=design,path=$dir,size=$filesize,entries=$nfiles,dirwidth=50,prealloc=80,reuse

define flowop name=newfile
{
  flowop createfile name=create,filesetname=design,fd=1
  flowop closefile name=close,fd=1
}

define flowop name=edamix, choose
{
  flowop statfile name=stat,filesetname=design,weight=40
  flowop read name=read,filesetname=design,openclose,iosize=$iosize,random,weight=25
  flowop write name=write,filesetname=design,openclose,iosize=$iosize,random,weight=20
  flowop newfile name=new,weight=10
  flowop deletefile name=delete,filesetname=design,weight=5
}

define process name=job,instances=$procs,rate=$oprate
{
  thread name=tool,memsize=1m,instances=1
  {
    flowop edamix name=op
  }
}

criteria passes_per_sec >= $minshare / 100 * $oprate * $procs
criteria errors == 0

echo "eda: SPECstorage-style EDA mix loaded"
