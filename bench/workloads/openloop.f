# bench: an open-loop reader (bench/openloop.sh): 8 KiB random reads of a cached file, $rate passes a second.
set $dir=/dev/shm/flowbench-bench
set $filesize=64m
set $rate=10000

define file name=olfile,path=$dir,size=$filesize,prealloc,reuse,cached

define process name=client,instances=1
{
  thread name=paced,memsize=5m,instances=1,rate=$rate
  {
    flowop read name=read1,filename=olfile,iosize=8k,random
  }
}
