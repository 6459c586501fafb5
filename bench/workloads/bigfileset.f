# bench: a large fileset with nothing pre-allocated (bench/fileset.sh): the
# tree is laid out in memory and its directories made; one thread then creates
# and closes files. What counts is the time to "Running" and the memory.
set $dir=/dev/shm/flowbench-bench
set $nfiles=10000000
set $dirwidth=1000

define fileset name=bigset,path=$dir,size=16k,entries=$nfiles,dirwidth=$dirwidth,prealloc=0

define process name=creator,instances=1
{
  thread name=createthread,memsize=0,instances=1
  {
    flowop createfile name=create1,filesetname=bigset,fd=1
    flowop closefile name=close1,fd=1
  }
}
