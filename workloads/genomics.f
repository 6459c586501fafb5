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
# The mix, per pass of each thread (20 operations): 12 sequential reads (60%),
# 5 sequential writes (25%), 2 statfile (10%), 1 listdir (5%). I/O sizes: 20%
# 64 KiB, 80% 1 MiB; file sizes 30% 1-16 MiB, 70% 16-128 MiB.
#
# Variables to edit:
#   $dir        parent directory of the "genomes" fileset
#   $nfiles     files
#   $procs      job processes
#   $rate       passes per second of all processes together (20 ops each)
#   $minshare   percent of the requested rate the criteria ask for (95)
#
# With weighted choice, size buckets and per-process rate (issue 23; not yet
# in this build's language):
#   define flowop name=genmix, choose { flowop read ..., weight=60
#     flowop write ..., weight=25  flowop statfile ..., weight=10
#     flowop listdir ..., weight=5 }, iosize=buckets(64k:20,1m:80)
#   define process name=job, instances=$procs, rate=$oprate { ... }

set $dir=/tmp
set $nfiles=200
set $procs=4
set $rate=20
set $minshare=95
set $filesize=randvar(type=tabular, randtable={{30,1m,16m},{70,16m,128m}})
set $iosize=randvar(type=tabular, randtable={{20,64k,64k},{80,1m,1m}})

usage "genomics variables (change with set before running):"
usage "  set \$dir=<path>        parent directory of the files (default $dir)"
usage "  set \$nfiles=<count>    files (default $nfiles)"
usage "  set \$procs=<count>     job processes (default $procs)"
usage "  set \$rate=<n>          passes per second of all processes, 20 ops each (default $rate)"
usage "  set \$minshare=<percent>  share of the requested rate the criteria ask for (default $minshare)"

define fileset name=genomes,path=$dir,size=$filesize,entries=$nfiles,dirwidth=100,prealloc,reuse

eventgen rate=$rate

define process name=job,instances=$procs
{
  thread name=pipeline,memsize=1m,instances=1
  {
    flowop eventlimit name=pace
    flowop read name=readseq,filesetname=genomes,iosize=$iosize,iters=12
    flowop write name=writeout,filesetname=genomes,iosize=$iosize,iters=5
    flowop statfile name=stat,filesetname=genomes,iters=2
    flowop listdir name=readdir,filesetname=genomes
  }
}

criteria ops_per_sec >= $minshare / 100 * $rate * 20
criteria errors == 0

echo "genomics: SPECstorage-style genomics mix loaded"
