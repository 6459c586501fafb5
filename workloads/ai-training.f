# AI training: reader threads load every sample once per epoch, shuffled, while emulated accelerators compute on batches
#
# What it models: the data loading of deep-learning training as DLIO and
# MLPerf Storage emulate it. A dataset of sample files is read epoch after
# epoch: each epoch reads every sample exactly once, in a new shuffled order,
# across all reader threads and all MPI ranks (pick=epoch). Reader threads
# (DLIO's read_threads) are apart from the accelerators and run up to
# $prefetch steps ahead of them, so I/O overlaps compute. Each step, every
# accelerator waits for its batch, computes for a fixed time (a sleep: the
# accelerator leaves the host CPU free) and meets the others (of every rank)
# at the barrier, as data-parallel training does.
#
# The figure that matters is the accelerator utilisation (AU), as DLIO
# defines it: compute time / wall time of the accelerator threads, their
# waits for a batch and at the barrier included ("accelerator utilisation"
# in the text report, accel_util in the JSON); the storage keeps up when it
# stays high (MLPerf Storage asks for 90% on most workloads). The readers
# stop after $samplesread samples over every reader and rank (an epoch is
# $nsamples, and picks= counts them); the run ends when the accelerators have
# computed on them ($samplesread / ($naccel x $batch) steps), or at its time.
#
# Model: DLIO (argonne-lcf/dlio_benchmark) and the training workloads of
# MLPerf Storage (mlcommons/storage); mlperf-unet3d, mlperf-resnet50 and
# mlperf-cosmoflow carry their published sizes. This one is the simple entry
# point, its numbers small.
#
# Variables to edit:
#   $dir          parent directory of the "samples" dataset (under MPI, each
#                 rank reads its own rank-NNNN copy unless --mpi-shared)
#   $nsamples     sample files in the dataset
#   $samplesize   mean sample size (sizes follow a gamma distribution)
#   $batch        samples per step of each accelerator
#   $computeus    emulated compute per step, microseconds
#   $naccel       accelerators (compute threads) per process (per rank)
#   $readers      reader threads per process (DLIO's read_threads)
#   $prefetch     steps the readers may run ahead of the accelerators
#   $samplesread  samples read by every reader of every rank before the run
#                 ends: epochs x $nsamples (the run's time may end it first)
#   $minutil      accelerator utilisation the criteria ask for, in percent
#   $ranks        MPI ranks sharing the dataset (mpirun -np, with --mpi-shared):
#                 the run ends after the whole steps each rank's share makes

set $dir=/tmp
set $nsamples=10000
set $samplesize=112k
set $batch=32
set $computeus=100000
set $naccel=4
set $readers=4
set $prefetch=2
set $samplesread=30000
set $minutil=90
set $ranks=1

usage "ai-training variables (change with set before running):"
usage "  set \$dir=<path>          parent directory of the dataset (default $dir)"
usage "  set \$nsamples=<count>    sample files (default $nsamples)"
usage "  set \$samplesize=<size>   mean sample size (default $samplesize)"
usage "  set \$batch=<count>       samples per step per accelerator (default $batch)"
usage "  set \$computeus=<us>      emulated compute per step (default $computeus)"
usage "  set \$naccel=<count>      accelerators (compute threads) per process (default $naccel)"
usage "  set \$readers=<count>     reader threads per process (default $readers)"
usage "  set \$prefetch=<steps>    steps the readers may run ahead (default $prefetch)"
usage "  set \$samplesread=<count> samples read before the run ends, epochs x nsamples (default $samplesread)"
usage "  set \$minutil=<percent>   accelerator utilisation asked for (default $minutil)"

# A step of every accelerator of a process needs $naccel x $batch samples; the
# readers post each sample to every accelerator, which waits for the whole
# step's (with the barrier, a step ends when its last batch is in and computed
# either way).
set $stepsamples = $naccel * $batch
set $ahead = $prefetch * $stepsamples
set $steps = $ranks * ($samplesread / $ranks / $stepsamples)

define fileset name=samples,path=$dir,size=$samplesize,entries=$nsamples,dirwidth=1000,prealloc,reuse

# One sample: drawn in the epoch order, opened, read whole and closed in one
# piece, so the run's end never cuts a sample in half.
define flowop name=load
{
  flowop openfile name=open,filesetname=samples,fd=1,pick=epoch,picks=$samplesread
  flowop readwholefile name=sample,fd=1,iosize=1m
  flowop closefile name=close,fd=1
}

define process name=trainer,instances=1
{
  thread name=reader,memsize=1m,instances=$readers
  {
    flowop load name=load
    flowop sempost name=ready,target=batch,value=1,blocking
  }
  thread name=accel,memsize=1m,instances=$naccel
  {
    flowop semblock name=batch,value=$stepsamples,highwater=$ahead
    flowop compute name=step,value=$computeus
    flowop barrier name=sync
    flowop finishoncount name=epochs,target=step,value=$steps
  }
}

criteria accel_util >= $minutil / 100
criteria errors == 0

echo "ai-training: epochs of shuffled samples read ahead of emulated accelerator steps"
