# bench: 4 KiB O_DIRECT random reads of a 1 GiB file on a disk, one thread
# (bench/iodepth.sh --direct): the device, not the page cache, answers.
set $dir=/var/tmp/flowbench-bench
set $filesize=1g
set $iosize=4k
set $memsize=5m

define file name=readfile,path=$dir,size=$filesize,prealloc,reuse

define process name=reader,instances=1
{
  thread name=readthread,memsize=$memsize,instances=1
  {
    flowop read name=read1,filename=readfile,iosize=$iosize,random,directio
  }
}
