# AI training: threads read random samples of a dataset in batches, with an emulated accelerator step per batch
#
# What it models: the data loading of deep-learning training. A dataset of
# many sample files (by default the size of ImageNet-like JPEG images) is read
# epoch after epoch; each accelerator (a thread here) reads a batch of random
# samples, then computes on it for a fixed time (emulated by a sleep, as the
# accelerator would leave the host CPU free), and every accelerator (of every
# MPI rank) waits for the others at the end of each step, as data-parallel
# training does. The figure that matters is the accelerator utilisation:
# compute time / (compute time + time waiting on I/O), per thread and overall
# ("accelerator utilisation" in the text report, accel_util in the JSON); the
# storage keeps up when it stays high (MLPerf Storage asks for 90%).
#
# Model: the training workloads of MLPerf Storage (MLCommons,
# https://github.com/mlcommons/storage): samples read in batches by emulated
# accelerators whose compute time per batch is fixed, and the accelerator
# utilisation (AU) as the pass mark.
#
# Variables to edit:
#   $dir          parent directory of the "samples" dataset (under MPI, each
#                 rank reads its own rank-NNNN copy unless --mpi-shared)
#   $nsamples     sample files in the dataset
#   $samplesize   mean sample size (sizes follow a gamma distribution)
#   $batch        samples read per step by each accelerator
#   $computeus    emulated compute per step, microseconds
#   $naccel       accelerators (threads) per process (per rank)
#   $samplesread  samples read by all accelerators (all ranks) before the run
#                 ends: epochs x $nsamples (the run's time may end it first)
#   $minutil      accelerator utilisation the criteria ask for, in percent

set $dir=/tmp
set $nsamples=10000
set $samplesize=112k
set $batch=32
set $computeus=100000
set $naccel=4
set $samplesread=30000
set $minutil=90

usage "ai-training variables (change with set before running):"
usage "  set \$dir=<path>          parent directory of the dataset (default $dir)"
usage "  set \$nsamples=<count>    sample files (default $nsamples)"
usage "  set \$samplesize=<size>   mean sample size (default $samplesize)"
usage "  set \$batch=<count>       samples per step per accelerator (default $batch)"
usage "  set \$computeus=<us>      emulated compute per step (default $computeus)"
usage "  set \$naccel=<count>      accelerators (threads) per process (default $naccel)"
usage "  set \$samplesread=<count> samples read before the run ends, epochs x nsamples (default $samplesread)"
usage "  set \$minutil=<percent>   accelerator utilisation asked for (default $minutil)"

define fileset name=samples,path=$dir,size=$samplesize,entries=$nsamples,dirwidth=1000,prealloc,reuse

define process name=trainer,instances=1
{
  thread name=accel,memsize=1m,instances=$naccel
  {
    flowop readwholefile name=sample,filesetname=samples,iosize=1m,iters=$batch
    flowop compute name=step,value=$computeus
    flowop barrier name=sync
    flowop finishoncount name=epochs,target=sample,value=$samplesread
  }
}

criteria accel_util >= $minutil / 100
criteria errors == 0

echo "ai-training: batches of random samples, an emulated accelerator step each"
