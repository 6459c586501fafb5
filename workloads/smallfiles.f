# Small-file creation: 50,000 files of 20,000 bytes in 100 directories, each written once
#
# What it models: filling a file system with many small files, the way an
# unpacked source tree, a photo import or a mail archive restore does:
# every file is created, written whole and closed exactly once, and the run
# ends when all of them exist. The result is the create rate (and the
# write bandwidth) of small files spread over a flat set of directories.
#
# Model: the small-file creation test as described in flowbench's request
# for it: 100 directories holding 50,000 files of 20,000 bytes each (500
# per directory), written with one write() call per file. It is not a copy
# of a particular tool.
#
# How it maps to flowbench: one fileset of $nfiles files, $meandirwidth per
# directory with no variation ($dirgamma=0), so 50,000 files make 100
# directories of 500; nothing exists before the run. Each thread loops over
# createfile, writewholefile, closefile; the run ends when every file
# exists (set mode quit alldone: a thread stops when no file is left to
# create, the run when all threads have). With several threads the files
# are shared out between them.
#
# Variables to edit:
#   $dir            parent directory of the "smallfiles" tree
#   $nfiles         files to create
#   $filesize       bytes per file
#   $meandirwidth   files per directory ($nfiles / $meandirwidth directories)
#   $dirgamma       spread of directory sizes (0 = all the same)
#   $iosize         bytes per write call (at least $filesize: one call)
#   $nthreads       creating threads
#   $memperthread   private buffer memory of each thread
#
# The script ends with "run": it runs until every file exists.
# "flowbench -f smallfiles.f --runtime S" caps it at S seconds; in the
# shell, "load smallfiles" then "run N".

set $dir=/tmp
set $nfiles=50000
set $filesize=20000
set $meandirwidth=500
set $dirgamma=0
set $iosize=1m
set $nthreads=1
set $memperthread=1m
set mode quit alldone

usage "smallfiles variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the fileset (default $dir)"
usage "  set \$nfiles=<count>          files to create (default $nfiles)"
usage "  set \$filesize=<size>         bytes per file (default $filesize)"
usage "  set \$meandirwidth=<count>    files per directory (default $meandirwidth)"
usage "  set \$dirgamma=<shape x1000>  spread of directory sizes, 0 = none (default $dirgamma)"
usage "  set \$iosize=<size>           bytes per write call (default $iosize)"
usage "  set \$nthreads=<count>        creating threads (default $nthreads)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=smallfiles,path=$dir,entries=$nfiles,size=$filesize,dirwidth=$meandirwidth,dirgamma=$dirgamma,prealloc=0

define process name=creator,instances=1
{
  thread name=creatorthread,memsize=$memperthread,instances=$nthreads
  {
    flowop createfile name=createfile,filesetname=smallfiles,fd=1
    flowop writewholefile name=writefile,fd=1,srcfd=1,iosize=$iosize
    flowop closefile name=closefile,fd=1
  }
}

echo "smallfiles: small-file creation loaded"

run
