# Checkpoint: every thread (every MPI rank) writes its shard of a checkpoint, fsyncs it, reads it back
#
# What it models: the periodic checkpoint of a distributed training job (or
# of an HPC simulation): each worker holds a part of the model state and, at
# the same moment as the others, writes it as one large sequential file,
# makes it durable with fsync, and reads it back (a restart, or a check)
# cold: its pages are dropped from the page cache first (dropcache), so the
# read-back comes from the device, as a restart on another node reads it.
# The checkpoint is done when its slowest shard is, so the report gives every
# writer's time (writes and fsync) and the slowest: "slowest writer ... s" in
# the text, slowest_writer_s and writers[] in the JSON.
#
# Model: the checkpointing workloads of MLPerf Storage (MLCommons,
# https://github.com/mlcommons/storage, "checkpointing"), in which each rank
# writes and then reads back its share of a large model's checkpoint.
#
# Variables to edit:
#   $dir          parent directory of the "ckpt" fileset (under MPI, each
#                 rank works in its own rank-NNNN folder below it)
#   $nwriters     writer threads (shards) per process (per rank)
#   $shardsize    bytes of one shard
#   $iosize       size of each sequential write and read
#
# Under MPI: mpirun -np N flowbench -f checkpoint: N x $nwriters shards;
# the slowest writer is the slowest of every rank's.

set $dir=/tmp
set $nwriters=4
set $shardsize=256m
set $iosize=1m

usage "checkpoint variables (change with set before running):"
usage "  set \$dir=<path>          parent directory of the shards (default $dir)"
usage "  set \$nwriters=<count>    writers (shards) per process or rank (default $nwriters)"
usage "  set \$shardsize=<size>    bytes per shard (default $shardsize)"
usage "  set \$iosize=<size>       write and read size (default $iosize)"

define fileset name=ckpt,path=$dir,size=$shardsize,entries=$nwriters,dirwidth=1024,prealloc=0

define process name=trainer,instances=1
{
  thread name=shard,memsize=$iosize,instances=$nwriters
  {
    flowop createfile name=create,filesetname=ckpt,fd=1
    flowop writewholefile name=write,fd=1,iosize=$iosize
    flowop fsync name=sync,fd=1
    flowop dropcache name=uncache,fd=1
    flowop readwholefile name=readback,fd=1,iosize=$iosize
    flowop closefile name=close,fd=1
    flowop deletefile name=delete,filesetname=ckpt
  }
}

criteria errors == 0

echo "checkpoint: every writer writes, fsyncs and reads back its shard"
