# Create/delete swing: one process creates N files, a second deletes them all
#
# What it models: a file system swinging between full and empty, as with a
# scratch or spool area that is filled and then purged in bulk. Process
# "crproc" creates and writes $nfiles files (a composite flowop: create,
# write whole, close, then one event of the optional rate limit), wakes the
# deleter and waits. Process "delproc" deletes $nfiles files, wakes the
# creator and waits. The cycle repeats until the run time is over.
#
# Model: the classic FileBench personality "createdelete-swing" (1.5): a flat
# directory (width = number of files, no width variation), 500 KiB files,
# the same composite flowop, processes, flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the "manyfiles" tree
#   $nfiles         files created and deleted per swing
#   $filesize       size of each file
#   $meandirwidth   entries per directory; keep it >= $nfiles for a flat tree
#   $dirgamma       directory width variation (0 = every directory the same)
#   $eventrate      creates per second (0 = no limit)
#
# Changes from the classic script: the directory variable is $dir (the classic
# used $path) like every other personality; the event rate is a variable; no
# "run $runtime" at the end. Safe in flowbench because a wakeup that arrives
# before the partner blocks is remembered (classic could stall here).

set $dir=/tmp
set $nfiles=1000
set $filesize=500k
set $meandirwidth=1000
set $dirgamma=0
set $eventrate=0

eventgen rate=$eventrate

usage "createdelete-swing variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          files per create or delete swing (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory, keep >= nfiles (default $meandirwidth)"
usage "  set \$dirgamma=<int>          width variation x1000, 0 = fixed (default $dirgamma)"
usage "  set \$eventrate=<per second>  creates per second, 0 = unlimited (default $eventrate)"

define fileset name=manyfiles,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$meandirwidth,dirgamma=$dirgamma

define flowop name=createandclose
{
  flowop createfile name=createfile,filesetname=manyfiles,fd=1
  flowop writewholefile name=whritewholefile,filesetname=manyfiles,fd=1
  flowop closefile name=closefile,fd=1
  flowop eventlimit name=crlimit
}

define process name=crproc,instances=1
{
  thread name=crthread,instances=1
  {
    flowop createandclose name=createandclose,iters=$nfiles
    flowop wakeup name=wakeupdelproc,target=delprocblock
    flowop block name=crprocblock
  }
}

define process name=delproc,instances=1
{
  thread name=delthread,instances=1
  {
    flowop block name=delprocblock
    flowop deletefile name=dodelete,filesetname=manyfiles,iters=$nfiles
    flowop wakeup name=crprocwake,target=crprocblock
  }
}

echo "createdelete-swing: bulk create and delete workload loaded"
