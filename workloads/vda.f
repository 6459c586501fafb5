# VDA: video data acquisition, streams written sequentially in large blocks while a few are read back, at a requested rate
#
# What it models: video surveillance or media ingest: many cameras each
# stream their recording into a large file at a steady bit rate, and a
# smaller number of readers play recordings back. The traffic is mostly large
# sequential writes with some large sequential reads. Every stream asks for a
# fixed rate; the run passes when at least 95% of it was delivered.
#
# Model: the VDA workload of SPECstorage Solution 2020 (SPEC,
# https://www.spec.org/storage2020/, "SPECstorage Solution 2020 User's Guide"):
# an ingest component writing streams and a companion component reading
# them, at a fixed rate per stream (business metric: streams). The
# percentages and size buckets below are flowbench's approximation, not
# SPEC's tables.
#
# The mix, one operation per pass chosen by weight (a choose composite):
# ingest 90%, playback 10%, each 256 KiB or 1 MiB (buckets, half each).
# Ingest: each stream (process) takes one recording at its first write and
# keeps it open in slot 1 (fd=1), writing it sequentially; the recording
# grows past $filesize as the run goes on (sequential writes do not wrap).
# Streams draw their recordings in turn from the fileset, so with as many
# recordings as streams they usually get one each. Playback: every read
# opens a recording picked for it, reads one block at a random offset (a
# viewer seeking into it) and closes it (openclose; the open and close are
# not counted as operations).
#
# Variables to edit:
#   $dir        parent directory of the "recordings" fileset
#   $streams    streams (one process each)
#   $filesize   size of each recording when the run begins
#   $oprate     operations per second each stream asks for (rate=, open loop)
#   $minshare   percent of the requested rate the criteria ask for (95)

set $dir=/tmp
set $streams=4
set $filesize=1g
set $oprate=20
set $minshare=95
set $iosize=buckets(256k:50,1m:50)

usage "vda variables (change with set before running):"
usage "  set \$dir=<path>        parent directory of the recordings (default $dir)"
usage "  set \$streams=<count>   streams, one process each (default $streams)"
usage "  set \$filesize=<size>   size of each recording (default $filesize)"
usage "  set \$oprate=<n>        operations per second asked of each stream (default $oprate)"
usage "  set \$minshare=<percent>  share of the requested rate the criteria ask for (default $minshare)"

define fileset name=recordings,path=$dir,size=$filesize,entries=$streams,dirwidth=100,prealloc,reuse

define flowop name=vdamix, choose
{
  flowop write name=ingest,filesetname=recordings,fd=1,iosize=$iosize,weight=90
  flowop read name=playback,filesetname=recordings,openclose,iosize=$iosize,random,weight=10
}

define process name=stream,instances=$streams,rate=$oprate
{
  thread name=camera,memsize=1m,instances=1
  {
    flowop vdamix name=op
  }
}

criteria passes_per_sec >= $minshare / 100 * $oprate * $streams
criteria errors == 0

echo "vda: SPECstorage-style video data acquisition mix loaded"
