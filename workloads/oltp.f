# OLTP database: 200 shadow readers, 10 DB writers and a log writer (async I/O)
#
# What it models: an Oracle-style online transaction processing database.
# "shadow" processes (one per client session) do random small reads of the
# data files, burn CPU, and post to the log writer and the DB writers; the
# log writer issues large synchronous asynchronous writes to the redo log;
# the DB writers flush batches of small random synchronous asynchronous
# writes to the data files. Semaphores couple the three roles so writers
# work in proportion to the transactions done. Thread memory is shared
# memory (useism), like a database buffer cache.
#
# Model: the classic FileBench personality "oltp" (1.5): same filesets,
# processes, semaphore values, hog loops, flowop sequence, flowop names and
# defaults.
#
# Variables to edit:
#   $dir            parent directory of the "datafiles" and "logfile" trees
#   $nfiles         number of data files
#   $filesize       size of each data file
#   $nlogfiles      number of log files
#   $logfilesize    size of each log file
#   $meandirwidth   entries per directory
#   $iosize         data file read and write size (database block size)
#   $logiosize      log write size
#   $nshadows       shadow (client session) processes
#   $ndbwriters     database writer processes
#   $usermode       CPU loop count per shadow transaction
#   $memperthread   memory per thread
#   $workingset     bytes of each data file that are used (0 = all)
#   $directio       1 = bypass the page cache (O_DIRECT)
#   $eventrate      transactions per second over all shadows (0 = unlimited)
#
# Changes from the classic script: no trailing "run 60" and the unused
# $runtime variable is gone; the directory width (1024) and the log write
# size (256k) are variables.

set $dir=/tmp
set $eventrate=0
set $iosize=2k
set $logiosize=256k
set $nshadows=200
set $ndbwriters=10
set $usermode=200000
set $filesize=10m
set $memperthread=1m
set $workingset=0
set $logfilesize=10m
set $nfiles=10
set $nlogfiles=1
set $meandirwidth=1024
set $directio=0

eventgen rate=$eventrate

usage "oltp variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the filesets (default $dir)"
usage "  set \$nfiles=<count>          data files (default $nfiles)"
usage "  set \$filesize=<size>         size of each data file (default $filesize)"
usage "  set \$nlogfiles=<count>       log files (default $nlogfiles)"
usage "  set \$logfilesize=<size>      size of each log file (default $logfilesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$iosize=<size>           database block size (default $iosize)"
usage "  set \$logiosize=<size>        log write size (default $logiosize)"
usage "  set \$nshadows=<count>        shadow processes (default $nshadows)"
usage "  set \$ndbwriters=<count>      database writer processes (default $ndbwriters)"
usage "  set \$usermode=<count>        CPU loop per transaction (default $usermode)"
usage "  set \$memperthread=<size>     memory per thread (default $memperthread)"
usage "  set \$workingset=<size>       data file region used, 0 = all (default $workingset)"
usage "  set \$directio=<0|1>          bypass the page cache (default $directio)"
usage "  set \$eventrate=<per second>  transactions per second, 0 = unlimited (default $eventrate)"

define fileset name=datafiles,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=100,reuse
define fileset name=logfile,path=$dir,size=$logfilesize,entries=$nlogfiles,dirwidth=$meandirwidth,prealloc=100,reuse

# log writer: one large synchronous async write per 3200 shadow posts
define process name=lgwr,instances=1
{
  thread name=lgwr,memsize=$memperthread,useism
  {
    flowop aiowrite name=lg-write,filesetname=logfile,
        iosize=$logiosize,random,directio=$directio,dsync
    flowop aiowait name=lg-aiowait
    flowop semblock name=lg-block,value=3200,highwater=1000
  }
}

# database writers: 100 small random async writes per 1000 shadow posts
define process name=dbwr,instances=$ndbwriters
{
  thread name=dbwr,memsize=$memperthread,useism
  {
    flowop aiowrite name=dbwrite-a,filesetname=datafiles,
        iosize=$iosize,workingset=$workingset,random,iters=100,opennext,directio=$directio,dsync
    flowop hog name=dbwr-hog,value=10000
    flowop semblock name=dbwr-block,value=1000,highwater=2000
    flowop aiowait name=dbwr-aiowait
  }
}

# shadows: one random block read and some CPU per transaction
define process name=shadow,instances=$nshadows
{
  thread name=shadow,memsize=$memperthread,useism
  {
    flowop read name=shadowread,filesetname=datafiles,
        iosize=$iosize,workingset=$workingset,random,opennext,directio=$directio
    flowop hog name=shadowhog,value=$usermode
    flowop sempost name=shadow-post-lg,value=1,target=lg-block,blocking
    flowop sempost name=shadow-post-dbwr,value=1,target=dbwr-block,blocking
    flowop eventlimit name=random-rate
  }
}

echo "oltp: OLTP database workload loaded"
