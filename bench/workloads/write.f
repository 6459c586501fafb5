# bench: 8 KiB random writes into a 1 GiB file, one thread (bench/run.sh write).
# The floor: floor write -b $iosize -m $memsize FILE. -D pattern=zero writes
# zeros (the classic bytes) instead of random data, to price the data.
set $dir=/dev/shm/flowbench-bench
set $filesize=1g
set $iosize=8k
set $memsize=5m
set $pattern=random

define file name=writefile,path=$dir,size=$filesize,prealloc,reuse,paralloc

define process name=writer,instances=1
{
  thread name=writethread,memsize=$memsize,instances=1,pattern=$pattern
  {
    flowop write name=write1,filename=writefile,iosize=$iosize,random
  }
}
