# bench: bench/workloads/read.f's 8 KiB random reads of a cached file, one
# thread, each pass picked among three reads by a choose composite of weights
# 70/20/10 (bench/choose.sh): the same syscalls, plus the pick.
set $dir=/dev/shm/flowbench-bench
set $filesize=1g
set $iosize=8k
set $memsize=5m

define file name=readfile,path=$dir,size=$filesize,prealloc,reuse,paralloc,cached

define flowop name=mix, choose
{
  flowop read name=r70,filename=readfile,iosize=$iosize,random,weight=70
  flowop read name=r20,filename=readfile,iosize=$iosize,random,weight=20
  flowop read name=r10,filename=readfile,iosize=$iosize,random,weight=10
}

define process name=reader,instances=1
{
  thread name=readthread,memsize=$memsize,instances=1
  {
    flowop mix name=m
  }
}
