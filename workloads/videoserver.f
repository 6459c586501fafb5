# Video server: 48 threads stream videos while one thread ingests new ones
#
# What it models: a video-on-demand server. $nthreads reader threads stream
# files of the "active" video set sequentially in 256 KiB reads, limited
# together to $eventrate MiB/s; each reader opens one video at its first read
# (the set's files in turn) and streams that one for the whole run (fd=0,
# slot 0, as classic FileBench does). Meanwhile one writer thread replaces a video
# of the "passive" (not currently watched) set every $repintval seconds:
# delete one, create a new one and write it whole. Default data size is
# large: 32 + 194/2 files of 10 GiB are written before the run (~1.3 TB).
#
# Model: the classic FileBench personality "videoserver": same two filesets,
# processes, thread counts, flowop sequences, flowop names and defaults.
#
# Variables to edit:
#   $dir             parent directory of both video trees
#   $filesize        size of each video
#   $numactivevids   videos being served
#   $numpassivevids  videos stored but not served (half exist at start)
#   $actvidsname     name of the active set's tree
#   $passvidsname    name of the passive set's tree
#   $activedirwidth  entries per directory in the active set
#   $passivedirwidth entries per directory in the passive set
#   $reuseit         true = keep existing video trees between runs
#   $nthreads        reader threads
#   $readiosize      read size of the readers
#   $writeiosize     write size of the writer
#   $eventrate       total read bandwidth of all readers, MiB/s (0 = none)
#   $repintval       seconds between two video replacements
#   $memperthread    private buffer memory of each thread
#
# Changes from the classic script: the two directory widths (4 and 20) and
# per-thread memory are variables.

set $dir=/tmp
set $eventrate=96
set $filesize=10g
set $nthreads=48
set $numactivevids=32
set $numpassivevids=194
set $reuseit=false
set $readiosize=256k
set $writeiosize=1m
set $activedirwidth=4
set $passivedirwidth=20
set $memperthread=10m

set $passvidsname=passivevids
set $actvidsname=activevids

set $repintval=10

eventgen rate=$eventrate

usage "videoserver variables (change with set before running):"
usage "  set \$dir=<path>               parent directory of the filesets (default $dir)"
usage "  set \$filesize=<size>          size of each video (default $filesize)"
usage "  set \$numactivevids=<count>    videos being served (default $numactivevids)"
usage "  set \$numpassivevids=<count>   videos stored, not served (default $numpassivevids)"
usage "  set \$actvidsname=<name>       active set name (default $actvidsname)"
usage "  set \$passvidsname=<name>      passive set name (default $passvidsname)"
usage "  set \$activedirwidth=<count>   entries per active directory (default $activedirwidth)"
usage "  set \$passivedirwidth=<count>  entries per passive directory (default $passivedirwidth)"
usage "  set \$reuseit=<true|false>     keep existing trees (default $reuseit)"
usage "  set \$nthreads=<count>         reader threads (default $nthreads)"
usage "  set \$readiosize=<size>        read size (default $readiosize)"
usage "  set \$writeiosize=<size>       write size (default $writeiosize)"
usage "  set \$eventrate=<MiB/s>        total read bandwidth, 0 = no limit (default $eventrate)"
usage "  set \$repintval=<seconds>      seconds between replacements (default $repintval)"
usage "  set \$memperthread=<size>      buffer memory per thread (default $memperthread)"

define fileset name=$actvidsname,path=$dir,size=$filesize,entries=$numactivevids,dirwidth=$activedirwidth,prealloc,paralloc,reuse=$reuseit
define fileset name=$passvidsname,path=$dir,size=$filesize,entries=$numpassivevids,dirwidth=$passivedirwidth,prealloc=50,paralloc,reuse=$reuseit

define process name=vidwriter,instances=1
{
  thread name=vidwriter,memsize=$memperthread,instances=1
  {
    flowop deletefile name=vidremover,filesetname=$passvidsname
    flowop createfile name=wrtopen,filesetname=$passvidsname,fd=1
    flowop writewholefile name=newvid,iosize=$writeiosize,fd=1,srcfd=1
    flowop closefile name=wrtclose,fd=1
    flowop delay name=replaceinterval,value=$repintval
  }
}

define process name=vidreaders,instances=1
{
  thread name=vidreaders,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=vidreader,filesetname=$actvidsname,fd=0,iosize=$readiosize
    flowop bwlimit name=serverlimit,target=vidreader
  }
}

echo "videoserver: video streaming workload loaded"
