# MLPerf Storage UNet3D (H100): 3D medical images, one large sample per file, read in epochs by emulated H100s
#
# What it models: the training workload "unet3d" of MLPerf Storage as DLIO
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
# caa90c9) configs/dlio/workload/unet3d_h100.yaml (the same in
# argonne-lcf/dlio_benchmark, dlio_benchmark/configs/workload/unet3d_h100.yaml)
# or from DLIO's code (argonne-lcf/dlio_benchmark, commit e1919d7):
#   num_files_train: 168 (unet3d_h100.yaml:16)             -> $nfiles
#   num_samples_per_file: 1 (unet3d_h100.yaml:17)          -> $samplesperfile
#   record_length_bytes: 146600628 (unet3d_h100.yaml:18)   -> $samplesize
#   record_length_bytes_stdev: 68341808 (unet3d_h100.yaml:19) -> $sizegamma 4601,
#                          the gamma shape (146600628/68341808)^2 x1000
#   batch_size: 7 (unet3d_h100.yaml:24)                    -> $batch
#   read_threads: 4 (unet3d_h100.yaml:25)                  -> $readers
#   file_shuffle: seed (unet3d_h100.yaml:26) and
#   sample_shuffle: seed (unet3d_h100.yaml:27)             -> a new order each epoch
#   epochs: 5 (unet3d_h100.yaml:30)                        -> $epochs
#   computation_time: 0.323 (unet3d_h100.yaml:31)          -> $computeus 323000
#   au: 0.90 (unet3d_h100.yaml:39)                         -> $minutil 90
#   prefetch_size: int = 2 (dlio_benchmark/utils/config.py:92) -> $prefetchsize 2
# The read-ahead, as DLIO's PyTorch loader makes it: torch's DataLoader with
# num_workers=self._args.read_threads (torch_data_loader.py:152), each worker
# loading whole batches, and prefetch_factor =
# math.ceil(self._args.prefetch_size / self._args.read_threads)
# (torch_data_loader.py:117) batches in flight per worker: ceil(2 / 4) x 4 =
# 4 batches ahead of the accelerator -> $prefetch, worked out from
# $prefetchsize and $readers. (The header before said $prefetch 2, its own.)
# flowbench's own: $naccel (1 per rank, as MLPerf Storage runs it), and the
# readers share each batch's samples, where a torch worker loads a batch alone
# (the batches ahead are the same; the first one comes sooner).
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
#   $prefetchsize   DLIO's prefetch_size
#   $prefetch       steps the readers may run ahead: $readers x
#                   ceil($prefetchsize / $readers), as torch's DataLoader
#   $epochs         passes over the dataset before the run ends
#   $minutil        accelerator utilisation the criteria ask for, in percent
#   $ranks          MPI ranks sharing the dataset (mpirun -np, with --mpi-shared):
#                   the run ends after the whole steps each rank's share makes
#
# The derived sizes below are worked out from the variables above: change
# those with -D, or with set before or after "load" (after it, the derived
# ones follow: docs/language.md, "set after load").

set $dir=/tmp
set $nfiles=168
set $samplesperfile=1
set $samplesize=146600628
set $sizegamma=4601
set $batch=7
set $readers=4
set $computeus=323000
set $naccel=1
set $prefetchsize=2
set $epochs=5
set $minutil=90
set $ranks=1

usage "mlperf-unet3d variables (change with -D, or set before or after loading):"
usage "  \$dir \$nfiles \$samplesperfile \$samplesize \$sizegamma \$batch \$readers"
usage "  \$computeus \$naccel \$prefetchsize \$epochs \$minutil \$ranks (see the header)"

set $filesize = $samplesperfile * $samplesize
set $prefetch = $readers * (($prefetchsize + $readers - 1) / $readers)
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

echo "mlperf-unet3d: $nfiles shuffled samples of $samplesize bytes (mean) per epoch, $computeus us of compute per batch of $batch, $prefetch batches ahead"
