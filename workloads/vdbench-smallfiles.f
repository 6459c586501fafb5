# Vdbench small files: 64 dirs x 25,600 files of 16 KiB, 64 threads, 1 KiB transfers, 90% reads
#
# What it models: a Vdbench file-system run (FSD/FWD/RD) against a large
# population of small files, the shape of a content store, a home
# directory server or a mail store: 64 threads each pick a random file,
# do a series of 1 KiB transfers at random offsets in it, 90% reads and
# 10% writes, and move on to another random file. Two phases, each a
# flowbench "run" reported on its own, as Vdbench reports its format run
# and its measured run:
#   format   the 1,638,400 files are created and written, in $xfersize
#            pieces, by the $nthreads threads
#   fileio   $elapsed seconds of the random mix
#
# Model: Vdbench (Henk Vandenbergh, Oracle) file-system testing with an
# FSD of 64 directories of 25,600 files of 16 KiB (depth=1, width=64,
# files=25600, size=16k: 25 GiB in all), an FWD with fileio=random,
# fileselect=random, xfersize=1k, rdpct=90, threads=64, and an RD with
# format=yes, fwdrate=max and Vdbench's default elapsed=30.
#
# How it maps to flowbench, and where it differs:
# - The directories come from the fileset layout: $nfiles files,
#   $filesperdir per directory, no variation, so 1,638,400 / 25,600 = 64
#   directories under the fileset root.
# - A thread keeps a file for $stopafter transfer slots before it closes
#   it and opens another random one (Vdbench's stopafter=); each slot is
#   exactly one transfer, a read with probability $rdpct% or else a write
#   (a `choose` composite weighted $rdpct and $wrpct, docs/language.md
#   "Weighted choice"), as Vdbench draws each operation against rdpct=.
# - Vdbench gives a file to one thread at a time; flowbench lets two
#   threads pick the same file (rare with this many files).
# - Random files are picked by a uniformly random index.
# - The format phase writes each file whole as one op; Vdbench also
#   deletes an existing anchor first, which flowbench does when it lays
#   the fileset out anew.
# - $directio=1 opens the files with O_DIRECT (Vdbench openflags=o_direct);
#   the default is buffered I/O, as Vdbench's default.
#
# Variables to edit ($wrpct is worked out from $rdpct, and follows a
# "set $rdpct" after the load):
#   $dir            parent directory of the files
#   $nfiles         files in all (FSD width x files)
#   $filesperdir    files per directory (FSD files=)
#   $filesize       bytes per file (FSD size=)
#   $xfersize       bytes per transfer (FWD xfersize=)
#   $rdpct          percent of transfers that read (FWD rdpct=)
#   $stopafter      transfer slots per file visit (FWD stopafter=)
#   $nthreads       threads (FWD threads=)
#   $elapsed        seconds of the measured phase (RD elapsed=)
#   $directio       1 = O_DIRECT (openflags=o_direct)
#   $memperthread   private buffer memory of each thread; at least
#                   $xfersize plus 4 KiB
#
# "flowbench -f vdbench-smallfiles.f --runtime S" runs each phase for at
# most S seconds (the format phase otherwise runs until every file is
# written). In the shell, "load vdbench-smallfiles" skips the phases; "run
# N" then runs both processes at once, which is a smoke test, not Vdbench.

set $dir=/tmp
set $nfiles=1638400
set $filesperdir=25600
set $filesize=16k
set $xfersize=1k
set $rdpct=90
set $wrpct=100 - $rdpct
set $stopafter=100
set $nthreads=64
set $elapsed=30
set $directio=0
set $memperthread=1m
set $randfile=randvar(type=uniform, min=0, mean=1g)
set mode quit alldone

usage "vdbench-smallfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$nfiles=<count>          files in all (default $nfiles)"
usage "  set \$filesperdir=<count>     files per directory (default $filesperdir)"
usage "  set \$filesize=<size>         bytes per file (default $filesize)"
usage "  set \$xfersize=<size>         bytes per transfer (default $xfersize)"
usage "  set \$rdpct=<percent>         reads among transfers (default $rdpct)"
usage "  set \$stopafter=<count>       transfers per file visit (default $stopafter)"
usage "  set \$nthreads=<count>        threads (default $nthreads)"
usage "  set \$elapsed=<seconds>       length of the measured phase (default $elapsed)"
usage "  set \$directio=<0|1>          open with O_DIRECT (default $directio)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"
usage "  (\$wrpct is 100 - \$rdpct and follows it; \$randfile picks files)"

define fileset name=vdbfiles,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$filesperdir,dirgamma=0,prealloc=0

# one transfer slot of a file visit: a read or a write at a random offset
define flowop name=transfers, choose
{
  flowop read name=read,fd=1,random,iosize=$xfersize,directio=$directio,weight=$rdpct
  flowop write name=write,fd=1,random,iosize=$xfersize,directio=$directio,weight=$wrpct
}

define process name=format,instances=1
{
  thread name=formatthread,memsize=$memperthread,instances=$nthreads
  {
    flowop createfile name=create,filesetname=vdbfiles,fd=1,directio=$directio
    flowop writewholefile name=write,fd=1,srcfd=1,iosize=$xfersize,directio=$directio
    flowop closefile name=close,fd=1
  }
}

define process name=fileio,instances=1
{
  thread name=fileiothread,memsize=$memperthread,instances=$nthreads
  {
    flowop openfile name=open,filesetname=vdbfiles,fd=1,indexed=$randfile,directio=$directio
    flowop transfers name=xfer,iters=$stopafter
    flowop closefile name=close,fd=1
  }
}

echo "vdbench-smallfiles: Vdbench small-file random mix loaded"

run format
run $elapsed fileio
