# Custom-variable demo: reads of uniformly random size (4-8 KiB) from one file
#
# What it models: it shows a custom random variable (cvar) used as an I/O
# size. One thread opens a pre-allocated file, reads once with a size drawn
# from a uniform distribution between 4096 and 8192 bytes, and closes the
# file again; since every open starts at offset 0, the read is always at the
# start of the file, so this mostly measures open/read/close from cache.
#
# Model: the classic FileBench example "cvar_example": same file, thread,
# flowops, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "singlefile" file
#   $filesize       size of the file
#   $iosize         read size: a cvar-uniform (4096..8192) by default; any
#                   size or other cvar/randvar also works
#   $nthreads       reading threads
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: no trailing "run 60"; the thread count and
# per-thread memory are variables.

set $dir=/tmp
set $filesize=100m
set $iosize=cvar(type=cvar-uniform,parameters=lower:4096;upper:8192)
set $nthreads=1
set $memperthread=1m

usage "cvar_example variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$filesize=<size>         size of the file (default $filesize)"
usage "  set \$iosize=<size>           read size (default cvar-uniform, 4096 to 8192)"
usage "  set \$nthreads=<count>        reading threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define file name=singlefile,path=$dir,size=$filesize,prealloc

define process name=filereader,instances=1
{
  thread name=filereader,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=open1,filesetname=singlefile,fd=1
    flowop read name=read1,fd=1,iosize=$iosize
    flowop closefile name=close1,fd=1
  }
}

echo "cvar_example: custom variable demo loaded"
