# bench: stat the files of a tree in turn, one thread (bench/run.sh stat).
# The floor: floor stat TREE.
set $dir=/dev/shm/flowbench-bench
set $nfiles=10000
set $meandirwidth=100

define fileset name=statset,path=$dir,size=0,entries=$nfiles,dirwidth=$meandirwidth,prealloc,reuse

define process name=statter,instances=1
{
  thread name=statthread,memsize=0,instances=1
  {
    flowop statfile name=stat1,filesetname=statset
  }
}
