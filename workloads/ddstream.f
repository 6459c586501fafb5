# dd streams: N processes each write a large file in 1 MiB blocks, then read it back
#
# What it models: the classic quick disk test
#   dd if=/dev/zero of=FILE bs=1M count=N      (the "ddwrite" phase)
#   dd if=FILE of=/dev/null bs=1M              (the "ddread" phase)
# run as $nprocs concurrent streams, each a process with a file of its
# own: one sequential writer per file, then one sequential reader per
# file, $count blocks of $blocksize each. Each phase is a flowbench "run",
# reported on its own.
#
# Model: GNU coreutils dd as used for throughput tests: plain buffered
# write() and read() calls of bs bytes, no conv=fsync, oflag=direct or
# iflag=direct, so the write rate includes whatever the page cache
# absorbs, as it does for dd. dd itself is one stream; $nprocs runs several
# side by side.
#
# How it maps to flowbench, and where it differs:
# - ddwrite: each stream creates a file (dd creates its output when it
#   opens it), writes $count blocks to it and closes it; a stream that
#   finds no file left to create stops, and the phase ends when every
#   stream has stopped, as a set of dd commands ends with the slowest.
#   The $count writes of a file are one flowop repeated ("iters") and
#   flowbench looks for the end of a phase between flowops, so when
#   --runtime cuts ddwrite short a stream goes on to the end of its file,
#   or until flowbench stops its process 2 seconds later.
# - ddread: each stream opens one of the files, taking them in turn, and
#   reads $count blocks; the phase ends when the first stream has read
#   its file (the others are then nearly done), and its mb/s is the
#   aggregate rate of all streams while they all ran.
# - flowbench does not drop the page cache between the phases; to read
#   from the disk, make the files larger than the RAM (as people do with
#   dd) or use separate runs with a cache drop between them.
#
# Variables to edit:
#   $dir            parent directory of the files
#   $nprocs         concurrent streams (processes), one file each
#   $blocksize      bytes per read() and write() call (dd bs=)
#   $count          blocks per stream (dd count=)
#   $filesize       nominal file size, for information: $blocksize x $count
#                   (worked out from them, and follows them; nothing depends on it)
#   $meandirwidth   files per directory (huge = one directory)
#   $memperthread   private buffer memory of each stream; at least $blocksize
#
# "flowbench -f ddstream.f --runtime S" caps every phase at S seconds. In
# the shell, "load ddstream" skips the phases; "run N" then runs both
# processes at once.

set $dir=/tmp
set $nprocs=4
set $blocksize=1m
set $count=1024
set $filesize=$blocksize * $count
set $meandirwidth=1000000
set $memperthread=2m
set mode quit alldone

usage "ddstream variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$nprocs=<count>          concurrent streams, one file each (default $nprocs)"
usage "  set \$blocksize=<size>        bytes per call, dd bs= (default $blocksize)"
usage "  set \$count=<count>           blocks per stream, dd count= (default $count)"
usage "  set \$filesize=<size>         nominal size, \$blocksize x \$count, for information (default $filesize)"
usage "  set \$meandirwidth=<count>    files per directory (default $meandirwidth)"
usage "  set \$memperthread=<size>     buffer memory per stream, >= \$blocksize (default $memperthread)"

define fileset name=ddfiles,path=$dir,entries=$nprocs,size=$filesize,dirwidth=$meandirwidth,prealloc=0

# each stream: create a file, write $count blocks, close; stop when no
# file is left to create
define process name=ddwrite,instances=$nprocs
{
  thread name=ddwritethread,memsize=$memperthread,instances=1
  {
    flowop createfile name=create,filesetname=ddfiles,fd=1
    flowop write name=ddwrite,fd=1,iosize=$blocksize,iters=$count
    flowop closefile name=close,fd=1
  }
}

define process name=ddread,instances=$nprocs
{
  thread name=ddreadthread,memsize=$memperthread,instances=1
  {
    flowop read name=ddread,filesetname=ddfiles,fd=1,iosize=$blocksize
    flowop finishoncount name=ddreaddone,target=ddread,value=$count
  }
}

echo "ddstream: dd write-then-read streams loaded"

run ddwrite
run ddread
