# MLPerf Storage checkpointing, Llama 3 8B: each rank's model-state and optimizer-state files written, fsynced, then read back cold
#
# What it models: the checkpoint workload "llama3-8b" of MLPerf Storage as
# DLIO emulates it (its checkpoint-only workflow, main.py _checkpoint): with
# ZeRO stage 3, each of $ranks ranks holds 1/$ranks of the fp16 model and of
# its fp32 optimizer state. $checkpoints times, each rank trains for
# time_between_checkpoints (a sleep, compute), meets the others (barrier),
# and saves two files, its model state and then its optimizer state, each
# written whole and fsynced (base_checkpointing.py save_checkpoint, pytorch_
# checkpointing.py save_state). Then $checkpoints times it trains, meets the
# others and loads both files back. Every checkpoint stays on disk until the
# read-back, as DLIO's do: $checkpoints x $ranks x $shardsize bytes in all
# (1.1 TiB at the defaults: shrink with -D, below). The report gives every
# writer's wall time in writes and fsync and the slowest ("slowest writer"
# in the text, slowest_writer_s and writers[] in the JSON).
#
# Which configuration: mlcommons/storage (commit caa90c9),
# configs/dlio/workload/llama3_8b.yaml, the file its mlpstorage tool runs for
# "llama3-8b" (mlpstorage/benchmarks/dlio.py: f'{args.model.replace("-", "_")}.yaml'),
# and argonne-lcf/dlio_benchmark (commit e1919d7),
# dlio_benchmark/configs/workload/llama_8b_zero3.yaml, with the same model:
#   num_layers: 32 (llama3_8b.yaml:4)        -> $layers
#   vocab_size: 128256 (llama3_8b.yaml:12)   -> $vocab
#   hidden_size: 4096 (llama3_8b.yaml:13)    -> $hidden
#   ffn_hidden_size: 14336 (llama3_8b.yaml:14) -> $ffn
#   num_attention_heads: 32 (llama3_8b.yaml:15) -> $heads
#   num_kv_heads: 8 (llama3_8b.yaml:16)      -> $kvheads
#   zero_stage: 3 (llama3_8b.yaml:10), model_datatype: fp16 (llama3_8b.yaml:5),
#   optimizer_datatype: fp32 (llama3_8b.yaml:6)
#   time_between_checkpoints: 5 (llama3_8b.yaml:27) -> $betweenus 5000000
#   num_checkpoints_write: 10 (llama3_8b.yaml:28), num_checkpoints_read: 10
#   (llama3_8b.yaml:29)                      -> $checkpoints 10
#   fsync: True (llama3_8b.yaml:30)          -> an fsync after each file
#   8 ranks, the closed count of LLAMA3_8B: (LLM_SUBSET_PROCS, 1, 8, 8)
#   (mlpstorage/config.py:73), "(MinProcs, ZeroLevel, GPU per Data Parallel
#   Instance, Closed GPU Count)" (config.py:68) -> $ranks 8
# The earlier header of this file cited a llama3_8b_checkpoint.yaml with 2
# writes and 2 reads; no such file is in mlcommons/storage's history at
# caa90c9. This workload is llama3_8b.yaml's 10 and 10; -D checkpoints=2
# gives the shorter run (mlpstorage's --num-checkpoints-write and -read set
# the same two counts, default 10: mlpstorage/cli.py:313-314).
#
# DLIO's count of the parameters (base_checkpointing.py get_num_parameters,
# lines 284-302): the embedding and the lm_head (vocab x hidden each), the
# final norm weight (hidden), and per layer the input norm and the post-
# attention norm (hidden each), the query, key and value (hidden x (hidden +
# 2 x hidden / heads x kv_heads)), the dense output (hidden x hidden) and the
# gated MLP (3 x hidden x ffn). That is 8,030,261,248 parameters. Per rank
# (ZeRO 3 over 8 ranks) DLIO writes:
#   the model state, 2 bytes (fp16) per parameter of its share (get_layer_state,
#   lines 330-338): 2,007,565,312 bytes                -> $modelsize
#   the optimizer state, 4 bytes (fp32) of each of three groups of its share
#   of the parameters and of hidden x 5 (get_optimization_groups, lines
#   340-356): 12,045,637,632 bytes                     -> $optimsize
#   14,053,202,944 bytes in all                         -> $shardsize
# (mlpstorage's own estimate agrees: LLAMA3_8B: (15, 90) (mlpstorage/config.py:82),
# GB of model and of optimizer in all, "Defined as (Model GB, Optimizer GB)".) DLIO divides each tensor by the
# ranks and rounds down; with these sizes every share is whole, so the sum
# of the shares is $params / $ranks exactly.
#
# Where flowbench differs from DLIO: each rank is a writer thread ($nwriters
# per process; under MPI, ranks x $nwriters in all), its files drawn from two
# filesets rather than named global_epochE_stepS/zero_pp_rank_R_mp_rank_0_*;
# the read-back takes each file once, in a shuffled order over every writer
# (pick=epoch), not each rank its own (all a rank's files are alike in size);
# and each file's pages are dropped from the page cache before it is read
# (dropcache), so the read-back comes from the device; DLIO's torch.load reads
# what the page cache holds.
#
# Variables to edit:
#   $dir          parent directory of the checkpoints (under MPI, each rank
#                 works in its own rank-NNNN folder below it)
#   $ranks        data-parallel ranks the model is sharded over: MPI ranks x $nwriters
#   $nwriters     writer threads (ranks) per process
#   $shardsize    bytes of one rank's checkpoint, both files (derived below;
#                 -D it to shrink the run: it is split into the two files as
#                 DLIO splits it, and must be at least 60 x $hidden bytes)
#   $iosize       size of each sequential write and read
#   $checkpoints  checkpoints each writer writes, then reads back
#   $betweenus    training time before each save and each load, microseconds
#                 (DLIO's time_between_checkpoints; -D betweenus=0 to leave it out)

set $dir=/tmp
set $ranks=8
set $nwriters=8
set $iosize=4m
set $checkpoints=10
set $betweenus=5000000
set $layers=32
set $hidden=4096
set $ffn=14336
set $heads=32
set $kvheads=8
set $vocab=128256

set $perlayer = 2 * $hidden + $hidden * ($hidden + 2 * ($hidden / $heads) * $kvheads) + $hidden * $hidden + 3 * $hidden * $ffn
set $params = 2 * $vocab * $hidden + $hidden + $layers * $perlayer
# the optimizer's three groups of hidden x 5 fp32 values, beyond its 12 bytes a parameter
set $optimextra = 4 * 3 * 5 * $hidden
set $shardsize = 14 * ($params / $ranks) + $optimextra
set $modelsize = ($shardsize - $optimextra) / 7
set $optimsize = $shardsize - $modelsize
set $nfiles = $nwriters * $checkpoints

usage "mlperf-checkpoint variables (change with -D, or set before or after loading):"
usage "  \$dir \$ranks \$nwriters \$shardsize \$iosize \$checkpoints \$betweenus (see the header)"

define fileset name=model,path=$dir,size=$modelsize,entries=$nfiles,dirwidth=1024,prealloc=0
define fileset name=optim,path=$dir,size=$optimsize,entries=$nfiles,dirwidth=1024,prealloc=0

# One state file saved: written whole and made durable (DLIO's save_state with fsync).
define flowop name=savestate, $set
{
  flowop createfile name=create,filesetname=$set,fd=1
  flowop writewholefile name=write,fd=1,iosize=$iosize
  flowop fsync name=sync,fd=1
  flowop closefile name=close,fd=1
}

# One state file loaded, cold.
define flowop name=loadstate, $set
{
  flowop openfile name=open,filesetname=$set,fd=1,pick=epoch,picks=$nfiles
  flowop dropcache name=uncache,fd=1
  flowop readwholefile name=readback,fd=1,iosize=$iosize
  flowop closefile name=close,fd=1
}

# One checkpoint written (main.py _checkpoint_write): training time, every rank meets, then the two files.
define flowop name=save
{
  flowop compute name=train,value=$betweenus
  flowop barrier name=meet
  flowop savestate name=model,$set=model
  flowop savestate name=optim,$set=optim
}

# One checkpoint read back (main.py _checkpoint_read), as it was written.
define flowop name=restore
{
  flowop compute name=train,value=$betweenus
  flowop barrier name=meet
  flowop loadstate name=model,$set=model
  flowop loadstate name=optim,$set=optim
}

define process name=rank,instances=1
{
  thread name=shard,memsize=$iosize,instances=$nwriters
  {
    flowop save name=save,iters=$checkpoints
    flowop restore name=restore,iters=$checkpoints
    flowop barrier name=end
    flowop finishoncount name=done,target=end,value=1
  }
}

criteria errors == 0

echo "mlperf-checkpoint: Llama 3 8B, $checkpoints checkpoints of $modelsize + $optimsize bytes a rank written, fsynced and read back cold"
