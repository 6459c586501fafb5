# bench: delete a file, create another and close it, one thread, in a tree
# half full (bench/run.sh create). The floor: floor create TREE (unlinkat,
# openat O_CREAT, close, by directory and name).
set $dir=/dev/shm/flowbench-bench
set $nfiles=10000
set $meandirwidth=100

define fileset name=createset,path=$dir,size=0,entries=$nfiles,dirwidth=$meandirwidth,prealloc=50

define process name=creator,instances=1
{
  thread name=createthread,memsize=0,instances=1
  {
    flowop deletefile name=delete1,filesetname=createset
    flowop createfile name=create1,filesetname=createset,fd=1
    flowop closefile name=close1,fd=1
  }
}
