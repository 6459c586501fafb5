# bench: open and close the files of a tree in turn, one thread (bench/run.sh open).
# The floor: floor open TREE (openat O_RDWR by directory and name + close,
# round-robin).
set $dir=/dev/shm/flowbench-bench
set $nfiles=10000
set $meandirwidth=100

define fileset name=statset,path=$dir,size=0,entries=$nfiles,dirwidth=$meandirwidth,prealloc,reuse

define process name=opener,instances=1
{
  thread name=openthread,memsize=0,instances=1
  {
    flowop openfile name=open1,filesetname=statset,fd=1
    flowop closefile name=close1,fd=1
  }
}
