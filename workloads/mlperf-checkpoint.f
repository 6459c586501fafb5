# MLPerf Storage checkpointing, Llama 3 8B: every shard of the model and optimizer state written, fsynced, then read back cold
#
# What it models: the checkpoint workload "llama3-8b" of MLPerf Storage as
# DLIO emulates it: with ZeRO stage 3, each of $ranks ranks holds 1/$ranks of
# the fp16 model and of its fp32 optimizer state, writes it as one large
# sequential file, makes it durable (fsync), and later reads it back as a
# restart does. The read-back is cold: each shard's pages are dropped from
# the page cache first (dropcache), so it comes from the device. A
# checkpoint is done when its slowest shard is: the report gives every
# writer's wall time in writes and fsync and the slowest ("slowest writer"
# in the text, slowest_writer_s and writers[] in the JSON).
#
# The published numbers, each from mlcommons/storage,
# configs/dlio/workload/llama3_8b_checkpoint.yaml (the model also in
# argonne-lcf/dlio_benchmark, dlio_benchmark/configs/workload/llama_8b_zero3.yaml):
#   num_layers 32, hidden_size 4096, ffn_hidden_size 14336,
#   num_attention_heads 32, num_kv_heads 8, vocab_size 128256
#                                              -> $params, by DLIO's count below
#   model_datatype fp16, optimizer_datatype fp32, zero_stage 3
#                                              -> 2 bytes of model and 12 of
#                                                 optimizer (fp32 weights and
#                                                 two moments) per parameter
#   8 ranks (its sizing note: 105 GB in all, ~13.1 GB per rank) -> $ranks
#   num_checkpoints_write 2, num_checkpoints_read 2 -> $checkpoints
#
# DLIO's count of the parameters: the embedding and the output layer
# (vocab x hidden each), and per layer the attention's query and output
# (hidden x hidden each), its key and value (hidden x hidden x kv_heads /
# heads each) and the MLP's three (hidden x ffn). That is 8,029,995,008
# parameters, 14 bytes each over 8 ranks: 14,052,491,264 bytes a shard
# (13.1 GiB).
#
# Variables to edit:
#   $dir          parent directory of the shards (under MPI, each rank works
#                 in its own rank-NNNN folder below it)
#   $ranks        shards of the checkpoint: MPI ranks x $nwriters
#   $nwriters     writer threads (shards) per process (per rank)
#   $shardsize    bytes of one shard (derived below; -D it to shrink the run)
#   $iosize       size of each sequential write and read
#   $checkpoints  checkpoints each writer writes and reads back

set $dir=/tmp
set $ranks=8
set $nwriters=8
set $iosize=4m
set $checkpoints=2
set $layers=32
set $hidden=4096
set $ffn=14336
set $heads=32
set $kvheads=8
set $vocab=128256

set $params = 2 * $vocab * $hidden + $layers * (2 * $hidden * $hidden + 2 * $hidden * $hidden * $kvheads / $heads + 3 * $hidden * $ffn)
set $shardsize = 14 * $params / $ranks

usage "mlperf-checkpoint variables (change with -D):"
usage "  \$dir \$ranks \$nwriters \$shardsize \$iosize \$checkpoints (see the header)"

define fileset name=ckpt,path=$dir,size=$shardsize,entries=$nwriters,dirwidth=1024,prealloc=0

define process name=rank,instances=1
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
    flowop finishoncount name=done,target=readback,value=$checkpoints
  }
}

criteria errors == 0

echo "mlperf-checkpoint: Llama 3 8B shards of $shardsize bytes written, fsynced and read back cold"
