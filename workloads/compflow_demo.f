# Composite flowop demo: three user groups run a create/copy/delete job
#
# What it models: it shows composite flowops with parameters. "readwrite"
# opens two files of a given fileset and copies one over the other;
# "dowork" creates a file, appends to it, runs "readwrite" a given number of
# times, then deletes a file and stats one. Three groups of $nthreads threads
# each run "dowork" on their own fileset with 5, 4 and 3 copy rounds.
#
# Model: the classic FileBench personality "compflow_demo": same three
# filesets, thread groups, composite definitions, local variables
# ($fileset, $filesetnm, $rwiters), flowop names and defaults.
#
# Variables to edit:
#   $dir            parent directory of the three fileset trees
#   $nfiles         files in each fileset
#   $filesize       size of each file
#   $meandirwidth   entries per directory
#   $nthreads       threads in each of the three groups
#   $meaniosize     upper bound of each random append
#   $memperthread   private buffer memory of each thread
#
# Changes from the classic script: none to the model. Classic 1.5 aborted on
# this script (its composite local variables were broken); flowbench binds
# them per use as intended. Per-thread memory is a variable.

set $dir=/tmp
set $nfiles=700
set $meandirwidth=20
set $filesize=128k
set $nthreads=10
set $meaniosize=16k
set $memperthread=10m

usage "compflow_demo variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the filesets (default $dir)"
usage "  set \$nfiles=<count>          files in each of the 3 filesets (default $nfiles)"
usage "  set \$filesize=<size>         size of each file (default $filesize)"
usage "  set \$meandirwidth=<count>    entries per directory (default $meandirwidth)"
usage "  set \$nthreads=<count>        threads in each of the 3 groups (default $nthreads)"
usage "  set \$meaniosize=<size>       largest random append (default $meaniosize)"
usage "  set \$memperthread=<size>     buffer memory per thread (default $memperthread)"

define fileset name=bigfileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=80,paralloc
define fileset name=u2fileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=80,paralloc
define fileset name=u3fileset,path=$dir,size=$filesize,entries=$nfiles,dirwidth=$meandirwidth,prealloc=80,paralloc

# copy one file of fileset $fileset over another one
define flowop name=readwrite,$fileset
{
  flowop openfile name=openfile4,filesetname=$fileset,fd=1
  flowop openfile name=openfile5,filesetname=$fileset,fd=2
  flowop readwholefile name=readfile1,fd=1
  flowop writewholefile name=writefile1,fd=2,srcfd=1
  flowop closefile name=closefile4,fd=1
  flowop closefile name=closefile5,fd=2
}

# one unit of work on fileset $filesetnm, with $rwiters copy rounds
define flowop name=dowork,$filesetnm,$rwiters
{
  flowop createfile name=createfile1,filesetname=$filesetnm,fd=1
  flowop appendfilerand name=appendfilerand1,iosize=$meaniosize,fd=1
  flowop closefile name=closefile1,fd=1
  flowop readwrite name=rw1,iters=$rwiters,$fileset=$filesetnm
  flowop deletefile name=deletefile1,filesetname=$filesetnm
  flowop statfile name=statfile1,filesetname=$filesetnm
}

define process name=filereader1,instances=1
{
  thread name=user1,memsize=$memperthread,instances=$nthreads
  {
    flowop dowork name=dowork1,iters=1,$rwiters=5,$filesetnm=bigfileset
  }

  thread name=user2,memsize=$memperthread,instances=$nthreads
  {
    flowop dowork name=dowork2,iters=1,$rwiters=4,$filesetnm=u2fileset
  }

  thread name=user3,memsize=$memperthread,instances=$nthreads
  {
    flowop dowork name=dowork3,iters=1,$rwiters=3,$filesetnm=u3fileset
  }
}

echo "compflow_demo: composite flowop demo loaded"
