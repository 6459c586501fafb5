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
#               offsets, $nseeks reads in all from one shared pool; every
#               $updateevery-th read of a seeker is followed by a write of
#               the block just read
#   createseq, statseq, deleteseq
#               $nfiles small files created, stat()ed and removed in
#               order of their names
#   createrand, statrand, deleterand
#               the same in random order
# Before these, a "setup" phase creates the two (empty) data files; it is
# reported too, with a handful of ops.
#
# Model: bonnie++ 2.00a as Debian 12 ships it (by Russell Coker, after Tim
# Bray's Bonnie), read from its man page and its calls under strace -f
# (bonnie++ -d D -s 64 -r 32 -n 0 -u root on tmpfs). Defaults follow it: 8 KiB
# chunks; 5 seekers sharing 8192 seeks (man bonnie++: "the number of seeks
# (default 8192) and the number of seeker processes (default 5)"; the 3
# processes and 8000 seeks of its readme.html are bonnie++ 1.0x's); one
# update in ten seeks; 16 x 1024 empty files in one directory; 3 MiB moved a
# byte at a time (strace: 3,145,728 one-byte write() calls, then as many
# read() calls). bonnie++ sizes its file at twice the RAM so that the page
# cache cannot hold it; $filesize here defaults to 1 GiB: set it to twice
# your RAM for disk results.
#
# How it maps to flowbench, and where it differs:
# - The per-byte and block data files are two files ("charfile" and
#   "bonniefile"); bonnie++ reuses one name, deleting and recreating it.
# - Each sequential phase makes exactly bonnie++'s calls: $charsize /
#   $chariosize one-byte calls, or $filesize / $chunksize blocks (one
#   flowop repeated, "iters"), then an fsync and the close inside the timed
#   phase, in the read phases too, as bonnie++ does (strace: write... or
#   read... then fsync(3) close(3) in every phase). --runtime is seen between
#   flowops, so it cuts a sequential phase only at its end (or flowbench
#   stops the process 2 seconds later).
# - rewrite reads a block and writes it back over itself through the same
#   descriptor (inplace): pread, pwrite at the same offset, where bonnie++
#   calls read, lseek(3, -8192, SEEK_CUR), write. The block written is the
#   write flowop's own data, not the bytes read with one changed.
# - seeks: bonnie++ 2.00a's seekers are threads (strace: clone3 with
#   CLONE_THREAD), not processes, each with its own descriptor of the file
#   (its own openat), and they draw seeks from one pool: the parent writes
#   8192 tickets to a pipe and each seek starts with a 4-byte read() of one.
#   Here: $nseekers threads, each opening the file into its own slot, read
#   random blocks; the phase ends when all of them together have made
#   $seekops reads and writes (finishoncount without a target counts every
#   thread's I/O), seen after each pass of $updateevery reads and one write,
#   so it runs over by at most $nseekers passes. A seek is one pread (and
#   pwrite inplace: the block just read); bonnie++'s is lseek, read (and
#   lseek, write) plus the ticket read. bonnie++ updates a block when the
#   ticket's random number is a multiple of 10 (10% at random); here every
#   $updateevery-th read of a seeker is updated (10% exactly). bonnie++'s
#   seekers fsync and close their descriptors at the end, inside the phase;
#   here the phase ends when the pool is spent, without that fsync.
# - The report: run bonnie-table.py (beside this file) on the --json of a
#   run to get bonnie++'s table (K/sec or /sec, %CP, latency per test) and
#   its CSV line (format 1.98, as bon_csv2txt and bon_csv2html read it).
#   Latency there is the slowest single call of the phase; bonnie++'s is the
#   slowest of what it times together: 8192 one-byte calls (a chunk) for
#   putc and getc, read + lseek + write for rewrite, a whole seek.
# - Small files: sequential order is the fileset's index order; random
#   order picks by a uniformly random index ($randfile). With the default
#   size of 0 the write of a small file moves no data; set $smallfilesize
#   (a size or a distribution) for bonnie++'s "-n N:max:min" files.
#
# Beside bonnie++ (bench/bonnie.sh: bonnie++ 2.00a -s 2048:8192:262144:5
# -r 1024 -n 64 and this file with the same sizes, alternating, median of
# 3 rounds, on a 2-core VM shared with other jobs; ratio flowbench /
# bonnie++), tmpfs | ext4 on a loop device in /dev/shm:
#   putc K/s 0.54 | 0.76, getc 0.37 | 0.49; block write 0.77 | 0.87,
#   rewrite 0.70 | 1.11, block read 0.59 | 0.93; seeks/s 1.49 | 1.35;
#   %CP 0.70-1.06 | 0.84-1.21 except seeks (0.25 | 0.19);
#   creates and deletes 0.97-1.07 | 1.16-1.91 (stats mostly "+++++");
#   latency 0.2-2.8 either way.
# Why the ones outside 15% are:
# - putc and getc: a one-byte call costs here 0.5-1.0 us (a C loop of
#   read(fd, b, 1) and pread(fd, b, 1, off) on tmpfs), and flowbench's own
#   work per op (its clock readings, histogram and counters, the buffer,
#   libc's pread wrapper) adds 0.4-0.5 us (the same calls as a one-flowop
#   run: 1.0-1.5 us per op), so a byte costs up to twice bonnie++'s. The
#   workload cannot shed that; it shrinks against any real I/O (ext4).
# - block I/O on tmpfs: an 8 KiB copy is 3 us, so the same per-op cost
#   shows, and the machine's load moves it more: three back-to-back runs of
#   one 512 MiB sequential read gave 5.4, 7.0 and 6.1 us per op.
# - seeks: bonnie++ makes three calls per seek (lseek, read and the read of
#   a ticket from a pipe its 5 seekers share) where this makes one pread;
#   bonnie++'s seek %CP adds up each seeker thread's getrusage(RUSAGE_SELF),
#   the whole process's CPU, so it counts the process up to 5 times (191%
#   | 214% against 47% | 40%, about 5 x).
# - creates and deletes on ext4: bonnie++ sync()s before each file test
#   (strace) and removes in readdir order, which on ext4 is the directory's
#   hash order, not the order of creation; here files go in index order,
#   with no sync between phases (same calls per file otherwise: openat
#   O_CREAT|O_EXCL and close, stat, unlink). On tmpfs they agree.
# - latency: the slowest single call of a phase on a shared machine is one
#   scheduling delay more than the file system, and bonnie++ times more
#   together (see above), so these maxima are not expected to agree.
#
# Variables to edit (set them before running, or after "load bonnie":
# $seekops, worked out from $nseeks and $updateevery, follows them):
#   $dir            parent directory of the files
#   $filesize       size of the block data file
#   $chunksize      block size of blockwrite, rewrite, blockread, seeks
#   $charsize       bytes moved one call at a time by putc and getc
#   $chariosize     bytes per call in putc and getc (1: a "character")
#   $nseekers       seeker threads (bonnie++ 2.00a: 5)
#   $nseeks         random reads in all, shared by the seekers (8192)
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
set $nseekers=5
set $nseeks=8192
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
usage "  set \$nseekers=<count>        seeker threads sharing the seeks (default $nseekers)"
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

# one block rewritten: read, then written back over itself (inplace)
define flowop name=rewriteblock
{
  flowop read name=read,filesetname=bonniefile,fd=1,iosize=$chunksize
  flowop write name=write,filesetname=bonniefile,fd=1,iosize=$chunksize,inplace
}

define process name=rewrite,instances=1
{
  thread name=rewritethread,memsize=$memperthread,instances=1
  {
    flowop rewriteblock name=rewrite,iters=$nchunks
    flowop fsync name=rewritesync,fd=1
    flowop closefile name=rewriteclose,fd=1
    flowop finishoncount name=rewritedone,target=rewriteclose,value=1
  }
}

define process name=getc,instances=1
{
  thread name=getcthread,memsize=$memperthread,instances=1
  {
    flowop read name=getc,filesetname=bonniefile,fd=1,iosize=$chariosize,iters=$nchars
    flowop fsync name=getcsync,fd=1
    flowop closefile name=getcclose,fd=1
    flowop finishoncount name=getcdone,target=getcclose,value=1
  }
}

define process name=blockread,instances=1
{
  thread name=blockreadthread,memsize=$memperthread,instances=1
  {
    flowop read name=blockread,filesetname=bonniefile,fd=1,iosize=$chunksize,iters=$nchunks
    flowop fsync name=blockreadsync,fd=1
    flowop closefile name=blockreadclose,fd=1
    flowop finishoncount name=blockreaddone,target=blockreadclose,value=1
  }
}

define process name=seeks,instances=1
{
  thread name=seeker,memsize=$memperthread,instances=$nseekers
  {
    flowop read name=seekread,filesetname=bonniefile,fd=1,random,iosize=$chunksize,iters=$updateevery
    flowop write name=seekwrite,filesetname=bonniefile,fd=1,iosize=$chunksize,inplace
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
