# GENOMICS: sequencing analysis pipelines, mostly large sequential reads of big files with some writes, at a requested op rate
#
# What it models: genome analysis jobs that read large input files
# (sequencer output, reference genomes) mostly sequentially in large blocks,
# write intermediate and result files, and look files up. Every job asks for
# a fixed op rate; the run passes when at least 95% of it was delivered.
#
# Model: the GENOMICS workload of SPECstorage Solution 2020 (SPEC,
# https://www.spec.org/storage2020/, "SPECstorage Solution 2020 User's Guide"):
# a read-dominated mix over large files at a fixed per-process op rate
# (business metric: job sets). The percentages and size buckets below are
# flowbench's approximation, not SPEC's tables.
#
# The mix, one task per pass chosen by weight (a choose composite): read an
# input 60%, write a result 25%, statfile 10%, listdir 5%. Reading an input
# opens a file picked for it (openfile, fd=1), reads $blocks blocks from its
# start sequentially and closes it; writing a result does the same with
# writes over an existing file (fd=2). Successive tasks go through the files
# in turn (the fileset's picker). I/O sizes (buckets): 20% 64 KiB, 80% 1 MiB;
# file sizes 30% 8 MiB, 70% 64 MiB. A task of $blocks blocks is $blocks + 2
# operations (open, I/O, close): the rate criteria count operations, so they
# ask for the operations the passes make, 0.85 x ($blocks + 2) + 0.15 a pass.
#
# Variables to edit:
#   $dir        parent directory of the "genomes" fileset
#   $nfiles     files
#   $procs      job processes
#   $blocks     blocks each input read or result write moves (8)
#   $oprate     operations per second each process asks for (rate=, open loop)
#   $minshare   percent of the requested rate the criteria ask for (95)

set $dir=/tmp
set $nfiles=200
set $procs=4
set $blocks=8
set $oprate=50
set $minshare=95
set $filesize=buckets(8m:30,64m:70)
set $iosize=buckets(64k:20,1m:80)

usage "genomics variables (change with set before running):"
usage "  set \$dir=<path>        parent directory of the files (default $dir)"
usage "  set \$nfiles=<count>    files (default $nfiles)"
usage "  set \$procs=<count>     job processes (default $procs)"
usage "  set \$blocks=<count>    blocks each input read or result write moves (default $blocks)"
usage "  set \$oprate=<n>        operations per second asked of each process (default $oprate)"
usage "  set \$minshare=<percent>  share of the requested rate the criteria ask for (default $minshare)"

define fileset name=genomes,path=$dir,size=$filesize,entries=$nfiles,dirwidth=100,prealloc,reuse

define flowop name=readinput
{
  flowop openfile name=open,filesetname=genomes,fd=1
  flowop read name=read,fd=1,iosize=$iosize,iters=$blocks
  flowop closefile name=close,fd=1
}

define flowop name=writeresult
{
  flowop openfile name=open,filesetname=genomes,fd=2
  flowop write name=write,fd=2,iosize=$iosize,iters=$blocks
  flowop closefile name=close,fd=2
}

define flowop name=genmix, choose
{
  flowop readinput name=readseq,weight=60
  flowop writeresult name=writeout,weight=25
  flowop statfile name=stat,filesetname=genomes,weight=10
  flowop listdir name=readdir,filesetname=genomes,weight=5
}

define process name=job,instances=$procs,rate=$oprate
{
  thread name=pipeline,memsize=1m,instances=1
  {
    flowop genmix name=op
  }
}

criteria passes_per_sec >= $minshare / 100 * $oprate * $procs
criteria errors == 0

echo "genomics: SPECstorage-style genomics mix loaded"
