# SWBUILD: a software build's file traffic, mostly metadata on many small files, at a requested op rate
#
# What it models: compiling a large source tree on shared storage: a deep
# tree of many small source and object files, where most operations are
# metadata (stat-like lookups of headers and dependencies, directory
# listings) and the rest read whole sources and write whole objects. Every
# process asks for a fixed rate of operations; the run passes when the
# storage delivered at least 95% of it (the criteria at the end: exit 3
# when it did not).
#
# Model: the SWBUILD workload of SPECstorage Solution 2020 (SPEC,
# https://www.spec.org/storage2020/, "SPECstorage Solution 2020 User's Guide"):
# a metadata-heavy mix over small files at a fixed per-process op rate, the
# business metric being the builds the storage sustains. The percentages and
# size buckets below are flowbench's approximation, not SPEC's tables.
#
# The mix, one operation per pass chosen by weight (a choose composite):
# statfile 70%, readwholefile 15%, writewholefile 10%, listdir 5%. File sizes
# (buckets): 60% 4 KiB, 30% 32 KiB, 10% 128 KiB.
#
# Variables to edit:
#   $dir        parent directory of the "srctree" fileset
#   $nfiles     files in the tree
#   $procs      build processes
#   $oprate     operations per second each process asks for (rate=, open loop)
#   $minshare   percent of the requested rate the criteria ask for (95)

set $dir=/tmp
set $nfiles=20000
set $procs=5
set $oprate=100
set $minshare=95
set $filesize=buckets(4k:60,32k:30,128k:10)

usage "swbuild variables (change with set before running):"
usage "  set \$dir=<path>        parent directory of the tree (default $dir)"
usage "  set \$nfiles=<count>    files in the tree (default $nfiles)"
usage "  set \$procs=<count>     build processes (default $procs)"
usage "  set \$oprate=<n>        operations per second asked of each process (default $oprate)"
usage "  set \$minshare=<percent>  share of the requested rate the criteria ask for (default $minshare)"

define fileset name=srctree,path=$dir,size=$filesize,entries=$nfiles,dirwidth=20,prealloc,reuse,leafdirs=0

define flowop name=buildmix, choose
{
  flowop statfile name=stat,filesetname=srctree,weight=70
  flowop readwholefile name=readsrc,filesetname=srctree,openclose,iosize=64k,weight=15
  flowop writewholefile name=writeobj,filesetname=srctree,openclose,iosize=64k,weight=10
  flowop listdir name=readdir,filesetname=srctree,weight=5
}

define process name=build,instances=$procs,rate=$oprate
{
  thread name=make,memsize=256k,instances=1
  {
    flowop buildmix name=op
  }
}

criteria passes_per_sec >= $minshare / 100 * $oprate * $procs
criteria errors == 0

echo "swbuild: SPECstorage-style software build mix loaded"
