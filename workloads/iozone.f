# iozone throughput mode in phases: N threads, one file each: write, rewrite, read, reread, random read, random write
#
# What it models: "iozone -t N -i 0 -i 1 -i 2", iozone's throughput test
# of N concurrent workers, each with a file of its own, run through six
# tests in iozone's order, one flowbench phase (one "run", reported on its
# own) per test:
#   initialwrite  each thread writes its new, empty file sequentially,
#                 $filesize bytes in $reclen records
#   rewrite       the same over the existing file
#   read          each thread reads its file sequentially
#   reread        and once more (now mostly from the page cache)
#   randomread    $filesize / $reclen reads of a record at a random
#                 offset of the file
#   randomwrite   as many writes of a record at random offsets
# A "setup" phase first creates the $nthreads empty files (iozone creates
# them before its timer starts); it is reported too.
#
# Model: iozone by William Norcott and Don Capps, throughput mode (-t).
# Defaults follow iozone: a 512 KiB file per worker in 4 KiB records when
# -s and -r are not given, and "stonewalling": a test ends for everyone
# as soon as the first worker has finished, and the throughput counts what
# every worker did until then. flowbench does the same: the first thread
# that reaches its byte count ends the phase, and the phase's mb/s is the
# aggregate of all threads. iozone needs -t N; 4 is used here.
#
# How it maps to flowbench, and where it differs:
# - One file per thread: the fileset has exactly $nthreads files and each
#   thread opens one of them once per phase, taking the files in turn, so
#   no two threads share a file (iozone's files are private the same way).
# - A thread ends a phase after moving more than $filesize bytes, so the
#   initial write makes the first file done one record longer than
#   $filesize (the random phases do $filesize / $reclen + 1 operations).
#   Stonewalling leaves the other files a little shorter; a sequential
#   read that meets the end of its file starts again at the beginning.
# - iozone by default leaves close() and fsync() out of its timing (its -c
#   and -e options add them); the phases here have neither.
# - iozone's other throughput tests (stride, backward, mixed, pread, fread
#   and friends) are not modelled.
#
# Variables to edit:
#   $dir            parent directory of the files
#   $nthreads       workers, each with its own file (iozone -t)
#   $filesize       bytes per file (iozone -s)
#   $reclen         record size of every read and write (iozone -r)
#   $meandirwidth   files per directory (huge = one directory, as iozone)
#   $memperthread   private buffer memory of each thread
#
# Each phase runs until its first thread is done; "flowbench -f iozone.f
# --runtime S" caps every phase at S seconds. In the shell, "load iozone"
# skips the phases; "run N" then runs every process at once, which is a
# smoke test, not iozone.

set $dir=/tmp
set $nthreads=4
set $filesize=512k
set $reclen=4k
set $meandirwidth=1000000
set $memperthread=1m
set mode quit alldone

usage "iozone variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$nthreads=<count>        workers, one file each, iozone -t (default $nthreads)"
usage "  set \$filesize=<size>         bytes per file, iozone -s (default $filesize)"
usage "  set \$reclen=<size>           record size, iozone -r (default $reclen)"
usage "  set \$meandirwidth=<count>    files per directory (default $meandirwidth)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=iozonefiles,path=$dir,entries=$nthreads,size=$filesize,dirwidth=$meandirwidth,prealloc=0

# setup: one empty file per worker; ends when a pass finds them all made
define process name=setup,instances=1
{
  thread name=setupthread,memsize=$memperthread,instances=1
  {
    flowop createfile name=createfile,filesetname=iozonefiles,fd=1
    flowop closefile name=closefile,fd=1
  }
}

define process name=initialwrite,instances=1
{
  thread name=writer,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=write,filesetname=iozonefiles,fd=1,iosize=$reclen
    flowop finishonbytes name=writedone,target=write,value=$filesize
  }
}

define process name=rewrite,instances=1
{
  thread name=rewriter,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=rewrite,filesetname=iozonefiles,fd=1,iosize=$reclen
    flowop finishonbytes name=rewritedone,target=rewrite,value=$filesize
  }
}

define process name=read,instances=1
{
  thread name=reader,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=read,filesetname=iozonefiles,fd=1,iosize=$reclen
    flowop finishonbytes name=readdone,target=read,value=$filesize
  }
}

define process name=reread,instances=1
{
  thread name=rereader,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=reread,filesetname=iozonefiles,fd=1,iosize=$reclen
    flowop finishonbytes name=rereaddone,target=reread,value=$filesize
  }
}

define process name=randomread,instances=1
{
  thread name=randomreader,memsize=$memperthread,instances=$nthreads
  {
    flowop read name=randomread,filesetname=iozonefiles,fd=1,random,iosize=$reclen
    flowop finishonbytes name=randomreaddone,target=randomread,value=$filesize
  }
}

define process name=randomwrite,instances=1
{
  thread name=randomwriter,memsize=$memperthread,instances=$nthreads
  {
    flowop write name=randomwrite,filesetname=iozonefiles,fd=1,random,iosize=$reclen
    flowop finishonbytes name=randomwritedone,target=randomwrite,value=$filesize
  }
}

echo "iozone: iozone throughput test loaded"

run setup
run initialwrite
run rewrite
run read
run reread
run randomread
run randomwrite
