# bonnie++ test sequence: byte and block I/O, rewrite, random seeks, small-file create/stat/delete
#
# What it models: the test sequence of the bonnie++ disk benchmark, one
# flowbench phase (one "run", reported on its own) per bonnie++ test, in
# bonnie++'s order:
#   putc        sequential output a byte per write() call, $charsize bytes
#   blockwrite  sequential output of a new file, $filesize bytes in
#               $chunksize blocks
#   rewrite     read a block, write it back over itself, to the end
#   getc        sequential input a byte per read() call, $charsize bytes
#   blockread   sequential input of the whole file in $chunksize blocks
#   seeks       $nseekers threads reading $chunksize blocks at random
#               offsets, $nseeks reads in all; every $updateevery-th read
#               is followed by a write of a block
#   createseq, statseq, deleteseq
#               $nfiles small files created, stat()ed and removed in
#               order of their names
#   createrand, statrand, deleterand
#               the same in random order
# Before these, a "setup" phase creates the two (empty) data files; it is
# reported too, with a handful of ops.
#
# Model: bonnie++ 1.9x/2.0 by Russell Coker (itself after Tim Bray's Bonnie),
# as its source and documentation describe the tests. Defaults follow
# bonnie++'s documentation: 8 KiB chunks, 3 seeker processes sharing 8000
# seeks, one update in ten seeks, 16 x 1024 empty files in one directory.
# bonnie++ sizes its file at twice the RAM so that the page cache cannot
# hold it; $filesize here defaults to 1 GiB: set it to twice your RAM for
# disk results. Recent bonnie++ moves only a few MiB a byte at a time (its
# -f option), hence $charsize (3 MiB).
#
# How it maps to flowbench, and where it differs:
# - The per-byte and block data files are two files ("charfile" and
#   "bonniefile"); bonnie++ reuses one name, deleting and recreating it.
# - Each sequential phase makes exactly bonnie++'s calls: $charsize /
#   $chariosize one-byte calls, or $filesize / $chunksize blocks (one
#   flowop repeated, "iters"), then, in the write phases, an fsync and the
#   close inside the timed phase, as bonnie++ does (strace of bonnie++
#   2.00a: write... fsync(3) close(3) for putc, block output and rewrite);
#   the read phases close too. --runtime is seen between flowops, so it
#   cuts a sequential phase only at its end (or flowbench stops the
#   process 2 seconds later).
# - rewrite reads a block through descriptor slot 1 and writes it through
#   slot 2 of the same file, so each write lands on the block just read
#   (bonnie++ seeks back one block instead: lseek(3, -8192, SEEK_CUR)).
# - seeks: the write after every $updateevery-th read goes to another
#   random block, not to the block just read: offset= puts an op at an
#   offset given in the script, and no flowop goes back to the offset of
#   the read before it (bonnie++: lseek back one block, then write). The phase ends when the seekers
#   together have done $seekops reads and writes ($nseeks reads plus one
#   write per $updateevery reads), as bonnie++'s seekers share one pool of
#   seeks.
# - bonnie++'s three seekers are processes; here they are threads of one
#   process, sharing the pool of seeks as bonnie++'s share theirs.
# - Not done: bonnie++'s report table (K/sec, %CP, latency) and its CSV
#   line; flowbench reports each phase as any run (ops/s, mb/s, CPU per op,
#   latency percentiles).
# - Small files: sequential order is the fileset's index order; random
#   order picks by a uniformly random index ($randfile). With the default
#   size of 0 the write of a small file moves no data; set $smallfilesize
#   (a size or a distribution) for bonnie++'s "-n N:max:min" files.
#
# Variables to edit (set them before running, or after "load bonnie":
# $seekops, worked out from $nseeks and $updateevery, follows them):
#   $dir            parent directory of the files
#   $filesize       size of the block data file
#   $chunksize      block size of blockwrite, rewrite, blockread, seeks
#   $charsize       bytes moved one call at a time by putc and getc
#   $chariosize     bytes per call in putc and getc (1: a "character")
#   $nseekers       seeker threads
#   $nseeks         random reads in all, shared by the seekers
#   $updateevery    one write after this many random reads
#   $seekops        reads plus writes that end the seek phase
#                   ($nseeks + $nseeks / $updateevery)
#   $nfiles         small files (bonnie++ -n 16 means 16 x 1024)
#   $smallfilesize  size of each small file
#   $meandirwidth   small files per directory (huge = one directory)
#   $memperthread   private buffer memory of each thread
#
# Each phase runs until its work is done; "flowbench -f bonnie.f
# --runtime S" caps every phase at S seconds. In the shell, "load bonnie"
# skips the phases; "run N" then runs every process at once, which is a
# smoke test, not bonnie++.

set $dir=/tmp
set $filesize=1g
set $chunksize=8k
set $charsize=3m
set $chariosize=1
set $nseekers=3
set $nseeks=8000
set $updateevery=10
set $seekops=$nseeks + $nseeks / $updateevery
set $nchars=$charsize / $chariosize
set $nchunks=$filesize / $chunksize
set $nfiles=16k
set $smallfilesize=0
set $meandirwidth=1000000
set $memperthread=1m
set $randfile=randvar(type=uniform, min=0, mean=1g)
set mode quit alldone

usage "bonnie variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$filesize=<size>         block data file size; bonnie++ uses 2 x RAM (default $filesize)"
usage "  set \$chunksize=<size>        block size of the block and seek tests (default $chunksize)"
usage "  set \$charsize=<size>         bytes moved a call at a time by putc/getc (default $charsize)"
usage "  set \$chariosize=<size>       bytes per putc/getc call (default $chariosize)"
usage "  set \$nseekers=<count>        seeker threads (default $nseekers)"
usage "  set \$nseeks=<count>          random reads shared by the seekers (default $nseeks)"
usage "  set \$updateevery=<count>     one block write per this many random reads (default $updateevery)"
usage "  set \$seekops=<count>         reads + writes of the seek test, \$nseeks + \$nseeks / \$updateevery (default $seekops)"
usage "  set \$nfiles=<count>          small files to create, stat and delete (default $nfiles)"
usage "  set \$smallfilesize=<size>    size of each small file (default $smallfilesize)"
usage "  set \$meandirwidth=<count>    small files per directory (default $meandirwidth)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"
usage "  (\$randfile, a uniform random index, picks files in the random-order tests)"

define file name=charfile,path=$dir,size=$charsize
define file name=bonniefile,path=$dir,size=$filesize
define fileset name=smallfiles,path=$dir,entries=$nfiles,size=$smallfilesize,dirwidth=$meandirwidth,prealloc=0

# setup: the two data files, empty (bonnie++ creates them untimed); the
# phase ends when a second pass finds both already made
define process name=setup,instances=1
{
  thread name=setupthread,memsize=$memperthread,instances=1
  {
    flowop createfile name=createchar,filesetname=charfile,fd=1
    flowop closefile name=closechar,fd=1
    flowop createfile name=createblock,filesetname=bonniefile,fd=1
    flowop closefile name=closeblock,fd=1
  }
}

define process name=putc,instances=1
{
  thread name=putcthread,memsize=$memperthread,instances=1
  {
    flowop write name=putc,filesetname=charfile,fd=1,iosize=$chariosize,iters=$nchars
    flowop fsync name=putcsync,fd=1
    flowop closefile name=putcclose,fd=1
    flowop finishoncount name=putcdone,target=putcclose,value=1
  }
}

define process name=blockwrite,instances=1
{
  thread name=blockwritethread,memsize=$memperthread,instances=1
  {
    flowop write name=blockwrite,filesetname=bonniefile,fd=1,iosize=$chunksize,iters=$nchunks
    flowop fsync name=blockwritesync,fd=1
    flowop closefile name=blockwriteclose,fd=1
    flowop finishoncount name=blockwritedone,target=blockwriteclose,value=1
  }
}

# one block rewritten: read, then written over itself
define flowop name=rewriteblock
{
  flowop read name=read,filesetname=bonniefile,fd=1,iosize=$chunksize
  flowop write name=write,filesetname=bonniefile,fd=2,iosize=$chunksize
}

define process name=rewrite,instances=1
{
  thread name=rewritethread,memsize=$memperthread,instances=1
  {
    flowop rewriteblock name=rewrite,iters=$nchunks
    flowop fsync name=rewritesync,fd=2
    flowop closefile name=rewriteclose,fd=2
    flowop closefile name=rewriteclose1,fd=1
    flowop finishoncount name=rewritedone,target=rewriteclose,value=1
  }
}

define process name=getc,instances=1
{
  thread name=getcthread,memsize=$memperthread,instances=1
  {
    flowop read name=getc,filesetname=bonniefile,fd=1,iosize=$chariosize,iters=$nchars
    flowop closefile name=getcclose,fd=1
    flowop finishoncount name=getcdone,target=getcclose,value=1
  }
}

define process name=blockread,instances=1
{
  thread name=blockreadthread,memsize=$memperthread,instances=1
  {
    flowop read name=blockread,filesetname=bonniefile,fd=1,iosize=$chunksize,iters=$nchunks
    flowop closefile name=blockreadclose,fd=1
    flowop finishoncount name=blockreaddone,target=blockreadclose,value=1
  }
}

define process name=seeks,instances=1
{
  thread name=seeker,memsize=$memperthread,instances=$nseekers
  {
    flowop read name=seekread,filesetname=bonniefile,fd=1,random,iosize=$chunksize,iters=$updateevery
    flowop write name=seekwrite,filesetname=bonniefile,fd=1,random,iosize=$chunksize
    flowop finishoncount name=seeksdone,value=$seekops
  }
}

define process name=createseq,instances=1
{
  thread name=createseqthread,memsize=$memperthread,instances=1
  {
    flowop createfile name=createseq,filesetname=smallfiles,fd=1
    flowop writewholefile name=writeseq,fd=1,srcfd=1,iosize=$chunksize
    flowop closefile name=closeseq,fd=1
  }
}

define process name=statseq,instances=1
{
  thread name=statseqthread,memsize=$memperthread,instances=1
  {
    flowop statfile name=statseq,filesetname=smallfiles
    flowop finishoncount name=statseqdone,target=statseq,value=$nfiles
  }
}

define process name=deleteseq,instances=1
{
  thread name=deleteseqthread,memsize=$memperthread,instances=1
  {
    flowop deletefile name=deleteseq,filesetname=smallfiles
  }
}

define process name=createrand,instances=1
{
  thread name=createrandthread,memsize=$memperthread,instances=1
  {
    flowop createfile name=createrand,filesetname=smallfiles,fd=1,indexed=$randfile
    flowop writewholefile name=writerand,fd=1,srcfd=1,iosize=$chunksize
    flowop closefile name=closerand,fd=1
  }
}

define process name=statrand,instances=1
{
  thread name=statrandthread,memsize=$memperthread,instances=1
  {
    flowop statfile name=statrand,filesetname=smallfiles,indexed=$randfile
    flowop finishoncount name=statranddone,target=statrand,value=$nfiles
  }
}

define process name=deleterand,instances=1
{
  thread name=deleterandthread,memsize=$memperthread,instances=1
  {
    flowop deletefile name=deleterand,filesetname=smallfiles,indexed=$randfile
  }
}

echo "bonnie: bonnie++ test sequence loaded"

run setup
run putc
run blockwrite
run rewrite
run getc
run blockread
run seeks
run createseq
run statseq
run deleteseq
run createrand
run statrand
run deleterand
