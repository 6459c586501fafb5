# bench: 8 KiB random reads of a cached 1 GiB file, one thread (bench/run.sh read).
# The floor: floor read -b $iosize -m $memsize FILE (same syscalls, same buffer slices).
set $dir=/dev/shm/flowbench-bench
set $filesize=1g
set $iosize=8k
set $memsize=5m

define file name=readfile,path=$dir,size=$filesize,prealloc,reuse,paralloc,cached

define process name=reader,instances=1
{
  thread name=readthread,memsize=$memsize,instances=1
  {
    flowop read name=read1,filename=readfile,iosize=$iosize,random
  }
}
