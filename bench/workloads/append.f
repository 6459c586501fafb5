# bench: append then fsync, one thread, on a file made empty at each run
# (bench/run.sh append). The floor: floor append -b $iosize -m $memsize FILE
# (lseek to the end, write, fsync: the calls appendfile and fsync make).
set $dir=/dev/shm/flowbench-bench
set $iosize=1k
set $memsize=5m

define file name=appendfile,path=$dir,size=0,prealloc

define process name=appender,instances=1
{
  thread name=appendthread,memsize=$memsize,instances=1
  {
    flowop appendfile name=append1,filename=appendfile,iosize=$iosize
    flowop fsync name=fsync1,filename=appendfile
  }
}
