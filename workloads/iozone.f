# iozone throughput mode: a file per thread; write, rewrite, read, reread, random read and write
#
# What it models: "iozone -t N -i 0 -i 1 -i 2", iozone's throughput test
# of N concurrent workers, each with a file of its own, run through six
# tests in iozone's order, one flowbench phase (one "run", reported on its
# own) per test:
#   initialwrite  the $nthreads files are created and written
#                 sequentially, $filesize bytes each in $reclen records
#   rewrite       each thread writes its file again, from the start
#   read          each thread reads its file sequentially
#   reread        and once more (now mostly from the page cache)
#   randomread    $filesize / $reclen reads of a record at a random
#                 offset of the file
#   randomwrite   as many writes of a record at random offsets
#
# Model: iozone by William Norcott and Don Capps, throughput mode (-t).
# Defaults follow iozone: a 512 KiB file per worker in 4 KiB records when
# -s and -r are not given, and "stonewalling": a test ends for everyone
# as soon as the first worker has finished, and the throughput counts what
# every worker did until then. From rewrite on, flowbench does the same:
# the first thread that has moved its file's worth of bytes ends the
# phase, and the phase's mb/s is the aggregate of all threads. iozone
# needs -t N; 4 is used here.
#
# How it maps to flowbench, and where it differs:
# - The initial write is not stonewalled (as with iozone -x): it runs
#   until every file has been created and written whole, so that the
#   later phases always find complete files. A thread creates a file,
#   writes it in $reclen records (one op per file, its latency the time
#   of the whole file) and closes it, then takes the next file not yet
#   made; the phase ends when none is left. The creates are timed (iozone
#   creates its files before the timer starts).
# - One file per thread in the later phases: the fileset has exactly
#   $nthreads files and each thread opens one of them once per phase,
#   taking the files in turn, so no two threads share a file.
# - A stonewalled phase ends when a thread has moved more than $filesize
#   bytes: one record more than the file (the random phases do
#   $filesize / $reclen + 1 operations; the finisher of a sequential
#   phase reads its first record again, or writes one past the end).
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
# The initial write runs until every file is written, the other phases
# until their first thread is done; "flowbench -f iozone.f --runtime S"
# caps every phase at S seconds. In the shell, "load iozone" skips the
# phases; "run N" then runs every process at once, which is a smoke test,
# not iozone.

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

# a thread makes and writes files until none is left to make
define process name=initialwrite,instances=1
{
  thread name=writer,memsize=$memperthread,instances=$nthreads
  {
    flowop createfile name=create,filesetname=iozonefiles,fd=1
    flowop writewholefile name=write,fd=1,srcfd=1,iosize=$reclen
    flowop closefile name=close,fd=1
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

run initialwrite
run rewrite
run read
run reread
run randomread
run randomwrite
