# MLPerf Storage ResNet-50 (H100): ImageNet in TFRecord files of many samples, read in epochs by emulated H100s
#
# What it models: the training workload "resnet50" of MLPerf Storage as DLIO
# emulates it. Reader threads (DLIO's read_threads) load every sample of the
# dataset once per epoch, across every reader and every MPI rank
# (pick=epoch), up to $prefetch steps ahead of the accelerators; each accelerator waits for its batch, computes for the
# published time per step (a sleep), and meets the others, of every rank, at
# the barrier. The pass mark is the accelerator utilisation (AU): compute
# time / wall time of the accelerator threads ("accelerator utilisation" in
# the text, accel_util in the JSON; docs/latency.md). As in MLPerf Storage,
# one accelerator per rank: run it with mpirun -np N (with --mpi-shared so
# the ranks split one dataset), or raise $naccel on one host.
#
# The published numbers, each line quoted from mlcommons/storage (commit
# caa90c9) configs/dlio/workload/resnet50_h100.yaml (the same in
# argonne-lcf/dlio_benchmark, dlio_benchmark/configs/workload/resnet50_h100.yaml)
# or from DLIO's code (argonne-lcf/dlio_benchmark, commit e1919d7):
#   num_files_train: 1024 (resnet50_h100.yaml:12)          -> $nfiles
#   num_samples_per_file: 1251 (resnet50_h100.yaml:13)     -> $samplesperfile
#   record_length_bytes: 114660.07 (resnet50_h100.yaml:14) -> $samplesize 114660
#                                   (no stdev)              -> $sizegamma 0
#   computation_time: 0.224 (resnet50_h100.yaml:20)        -> $computeus 224000
#   epochs: 5 (resnet50_h100.yaml:21)                      -> $epochs
#   read_threads: 8 (resnet50_h100.yaml:25)                -> $readers
#   batch_size: 400 (resnet50_h100.yaml:27)                -> $batch
#   au: 0.90 (resnet50_h100.yaml:30)                       -> $minutil 90
#   prefetch_size: int = 2 (dlio_benchmark/utils/config.py:92), the
#   TensorFlow reader's .prefetch(buffer_size=self._args.prefetch_size)
#   (dlio_benchmark/reader/tf_reader.py:119): batches read ahead -> $prefetch 2
# flowbench's own: $naccel (1 per rank, as MLPerf Storage runs it) and the
# order of samples inside a file (in turn).
#
# Where flowbench differs: DLIO reads resnet50's files in the same order every
# epoch: the config sets no file_shuffle or sample_shuffle, DLIO's defaults
# are off (file_shuffle: Shuffle = Shuffle.OFF (config.py:50) and
# sample_shuffle: Shuffle = Shuffle.OFF (config.py:52)), and its TFRecord
# reader lists the files unshuffled: list_files(self._file_list, shuffle=False)
# (tf_reader.py:91). flowbench's pick=epoch, the draw that gives every file
# once per epoch over every reader and rank, shuffles each epoch; it has no
# in-order epoch. Each file is read whole, in turn, so the order changes
# which file comes next, not the sizes or number of the reads.
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
set $nfiles=1024
set $samplesperfile=1251
set $samplesize=114660
set $sizegamma=0
set $batch=400
set $readers=8
set $computeus=224000
set $naccel=1
set $prefetch=2
set $epochs=5
set $minutil=90
set $ranks=1

usage "mlperf-resnet50 variables (change with -D, or set before or after loading):"
usage "  \$dir \$nfiles \$samplesperfile \$samplesize \$sizegamma \$batch \$readers"
usage "  \$computeus \$naccel \$prefetch \$epochs \$minutil \$ranks (see the header)"

set $filesize = $samplesperfile * $samplesize
set $stepsamples = $naccel * $batch
set $ahead = $prefetch * $stepsamples
set $picks = $epochs * $nfiles
set $steps = $ranks * $epochs * ($nfiles / $ranks * $samplesperfile / $stepsamples)

define fileset name=data,path=$dir,size=$filesize,filesizegamma=$sizegamma,entries=$nfiles,dirwidth=1000,prealloc,reuse

# One sample read ($samplesize bytes, the next of its file), then handed to the accelerators.
define flowop name=sample
{
  flowop read name=read,fd=1,iosize=$samplesize
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
  thread name=reader,memsize=$samplesize,instances=$readers
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

echo "mlperf-resnet50: $nfiles files of $samplesperfile samples of $samplesize bytes per epoch, $computeus us per batch of $batch"
