# bench: pre-allocation of 100,000 files of 16 KiB (bench/fileset.sh), with
# paralloc (one writer per hardware thread) or without ($paralloc=0). The
# script is loaded and its files made with `create files`; no run.
set $dir=/dev/shm/flowbench-bench
set $nfiles=100000
set $filesize=16k
set $dirwidth=100
set $paralloc=1

define fileset name=preset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$dirwidth,prealloc,paralloc=$paralloc

define process name=idle,instances=1
{
  thread name=idlethread,memsize=0,instances=1
  {
    flowop statfile name=stat1,filesetname=preset
  }
}
