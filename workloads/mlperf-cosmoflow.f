# MLPerf Storage CosmoFlow (H100): cosmology volumes, one small sample per file, read in epochs by emulated H100s
#
# What it models: the training workload "cosmoflow" of MLPerf Storage as DLIO
# emulates it. Reader threads (DLIO's read_threads) load every sample of the
# dataset once per epoch, in a new shuffled order, across every reader and
# every MPI rank (pick=epoch), up to $prefetch steps ahead of the
# accelerators; each accelerator waits for its batch, computes for the
# published time per step (a sleep), and meets the others, of every rank, at
# the barrier. The pass mark is the accelerator utilisation (AU): compute
# time / wall time of the accelerator threads ("accelerator utilisation" in
# the text, accel_util in the JSON; docs/latency.md). As in MLPerf Storage,
# one accelerator per rank: run it with mpirun -np N (with --mpi-shared so
# the ranks split one dataset), or raise $naccel on one host.
#
# The published numbers, each line quoted from mlcommons/storage (commit
# caa90c9) configs/dlio/workload/cosmoflow_h100.yaml (the same in
# argonne-lcf/dlio_benchmark, dlio_benchmark/configs/workload/cosmoflow_h100.yaml)
# or from DLIO's code (argonne-lcf/dlio_benchmark, commit e1919d7):
#   num_files_train: 524288 (cosmoflow_h100.yaml:12)       -> $nfiles
#   num_samples_per_file: 1 (cosmoflow_h100.yaml:13)       -> $samplesperfile
#   record_length_bytes: 2828486 (cosmoflow_h100.yaml:14)  -> $samplesize
#   record_length_bytes_stdev: 71311 (cosmoflow_h100.yaml:15) -> $sizegamma 1573233,
#                          the gamma shape (2828486/71311)^2 x1000
#   read_threads: 4 (cosmoflow_h100.yaml:20)               -> $readers
#   batch_size: 1 (cosmoflow_h100.yaml:21)                 -> $batch
#   file_shuffle: seed (cosmoflow_h100.yaml:22) and
#   sample_shuffle: seed (cosmoflow_h100.yaml:23)          -> a new order each epoch
#   epochs: 5 (cosmoflow_h100.yaml:27)                     -> $epochs
#   computation_time: 0.00350 (cosmoflow_h100.yaml:28)     -> $computeus 3500
#   au: 0.70 (cosmoflow_h100.yaml:31)                      -> $minutil 70
#   prefetch_size: int = 2 (dlio_benchmark/utils/config.py:92), the
#   TensorFlow reader's .prefetch(buffer_size=self._args.prefetch_size)
#   (dlio_benchmark/reader/tf_reader.py:119): batches read ahead -> $prefetch 2
# flowbench's own: $naccel (1 per rank, as MLPerf Storage runs it) and the
# order of samples inside a file (in turn).
#
# Variables to edit:
#   $dir            parent directory of the dataset
#   $nfiles         files of the dataset
#   $samplesperfile samples in each file, read one by one in turn
#   $samplesize     mean bytes of one sample
#   $sizegamma      gamma shape x1000 of the file sizes (0: all alike)
#   $batch          samples per step of each accelerator
#   $readers        reader threads per rank
#   $computeus      emulated compute per step, microseconds
#   $naccel         accelerators per rank
#   $prefetch       steps the readers may run ahead
#   $epochs         passes over the dataset before the run ends
#   $minutil        accelerator utilisation the criteria ask for, in percent
#   $ranks          MPI ranks sharing the dataset (mpirun -np, with --mpi-shared):
#                   the run ends after the whole steps each rank's share makes
#
# The derived sizes below are worked out from the variables above: change
# those with -D, or with set before or after "load" (after it, the derived
# ones follow: docs/language.md, "set after load").

set $dir=/tmp
set $nfiles=524288
set $samplesperfile=1
set $samplesize=2828486
set $sizegamma=1573233
set $batch=1
set $readers=4
set $computeus=3500
set $naccel=1
set $prefetch=2
set $epochs=5
set $minutil=70
set $ranks=1

usage "mlperf-cosmoflow variables (change with -D, or set before or after loading):"
usage "  \$dir \$nfiles \$samplesperfile \$samplesize \$sizegamma \$batch \$readers"
usage "  \$computeus \$naccel \$prefetch \$epochs \$minutil \$ranks (see the header)"

set $filesize = $samplesperfile * $samplesize
set $stepsamples = $naccel * $batch
set $ahead = $prefetch * $stepsamples
set $picks = $epochs * $nfiles
set $steps = $ranks * $epochs * ($nfiles / $ranks * $samplesperfile / $stepsamples)

define fileset name=data,path=$dir,size=$filesize,filesizegamma=$sizegamma,entries=$nfiles,dirwidth=1000,prealloc,reuse

# One sample read (the whole file, in 1 MiB reads), then handed to the accelerators.
define flowop name=sample
{
  flowop readwholefile name=read,fd=1,iosize=1m
  flowop sempost name=ready,target=batch,value=1,blocking
}

# One file of the epoch: drawn once per epoch, its samples read in turn.
define flowop name=file
{
  flowop openfile name=open,filesetname=data,fd=1,pick=epoch,picks=$picks
  flowop sample name=s,iters=$samplesperfile
  flowop closefile name=close,fd=1
}

define process name=rank,instances=1
{
  thread name=reader,memsize=1m,instances=$readers
  {
    flowop file name=f
  }
  thread name=accel,memsize=1m,instances=$naccel
  {
    flowop semblock name=batch,value=$stepsamples,highwater=$ahead
    flowop compute name=step,value=$computeus
    flowop barrier name=sync
    flowop finishoncount name=epochsdone,target=step,value=$steps
  }
}

criteria accel_util >= $minutil / 100
criteria errors == 0

echo "mlperf-cosmoflow: 524288 shuffled samples of 2.7 MiB per epoch, 3.5 ms of compute per sample"
