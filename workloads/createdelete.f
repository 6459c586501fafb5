# Aging: 100,000 steps creating (51%) or deleting (49%, oldest or random) small files
#
# What it models: a file system slowly filled and churned by an
# application that keeps creating files and deleting old or arbitrary
# ones (a cache, a spool, a build area), the kind of history that
# fragments free space and directories. Each step either creates a new
# file (51%) or deletes one (49%); a new file's size is uniform on
# 0..8 KiB nine times in ten and uniform on 0..100 KiB otherwise; a delete
# removes the oldest remaining file half the time and a random one the
# other half. Over 100,000 steps the number of files creeps up by about
# 2% of the steps.
#
# Model: the create/delete aging test as described in flowbench's request
# for it (70 directories, 100,000 steps, the 51/49 split, the size table,
# the oldest/random deletes). It is not a copy of a particular tool.
#
# How it maps to flowbench, and why:
# - The 51/49 split without branches: a run of independent steps is a
#   sequence of creates broken by deletes, and the number of creates
#   before each delete is geometric: 0 with 49%, 1 with 25%, 2 with 13%,
#   3 with 6%, 4 with 3%, 5 with 2%, 6 or 7 with 1% each (51% x 49% etc.,
#   rounded to whole percents; mean 1.04 creates per delete, i.e. 51%).
#   So the loop is "create $createrun times, then delete once", which
#   gives the same sequence as drawing every step, with no steps wasted.
#   (Two threads paced by event rates would only give the split on
#   average over time, and a time-based count.)
# - Oldest versus random delete: flowbench can find the oldest file only
#   in a fileset whose files are created in slot order and deleted in the
#   same order, and a fair random file only in a fileset whose files sit
#   at random slots. So the files live in two filesets of 35 directories
#   each: "fifofiles" (created in order, deleted oldest first) and
#   "randomfiles" (created at random slots, deleted at random). Each step
#   pair is: a run of creates into fifofiles, the delete of the oldest
#   fifo file, a run of creates into randomfiles, the delete of a random
#   one. The fraction of each kind of delete is exactly one half; what
#   differs from the original is that a file's fate is decided when it
#   is created (oldest-first or random) rather than when a delete comes,
#   and that the two kinds alternate instead of being drawn.
# - A delete that finds no file would end the run in flowbench, while the
#   original would skip it; so a "seed" phase first creates
#   $initialfiles files in each fileset (reported on its own). With 200
#   each, the chance that a fileset runs empty in 100,000 steps is about
#   3 in 10,000.
# - Each new file is written by one write() of a size drawn from
#   $filesize at that moment.
# - The run ends after $npairs step pairs ($nsteps x 49% / 2: 49,000
#   deletes and, on average, 51,000 creates).
#
# Variables to edit ($npairs is worked out from $nsteps, and follows a
# "set $nsteps" after "load createdelete"; $createrun and $filesize are
# distributions that "set" can replace):
#   $dir            parent directory of the two filesets
#   $nsteps         steps (creates plus deletes)
#   $npairs         loop passes, each two deletes: $nsteps x 49 / 200
#   $createrun      creates before each delete (the 51/49 split)
#   $filesize       size of each new file (the 90/10 table)
#   $initialfiles   files created in each fileset before the steps
#   $nslots         slots per fileset; above the largest number of files
#                   a fileset holds (about 1,300 by the end by default)
#   $meandirwidth   files per directory: $nslots / $meandirwidth = 35
#                   directories per fileset, 70 in all
#   $memperthread   private buffer memory of the thread; at least the
#                   largest file
#
# The script ends with "run seed" and "run steps". "flowbench -f
# createdelete.f --runtime S" caps each at S seconds; in the shell, "load
# createdelete" skips them and "run N" runs both processes at once.

set $dir=/tmp
set $nsteps=100000
set $npairs=$nsteps * 49 / 200
set $createrun=randvar(type=tabular, randtable={{49, 0, 0}, {25, 1, 1}, {13, 2, 2}, {6, 3, 3}, {3, 4, 4}, {2, 5, 5}, {1, 6, 6}, {1, 7, 7}})
set $filesize=randvar(type=tabular, randtable={{90, 0, 8k}, {10, 0, 100k}})
set $initialfiles=200
set $nslots=4096
set $meandirwidth=118
set $memperthread=1m
set $randslot=randvar(type=uniform, min=0, mean=1g)
set mode quit alldone

usage "createdelete variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the filesets (default $dir)"
usage "  set \$nsteps=<count>          creates plus deletes (default $nsteps)"
usage "  set \$npairs=<count>          loop passes, \$nsteps x 49 / 200 (default $npairs)"
usage "  set \$createrun=<randvar>     creates before each delete (default geometric, 51%)"
usage "  set \$filesize=<randvar>      size of each new file (default 90% 0-8k, 10% 0-100k)"
usage "  set \$initialfiles=<count>    files made in each fileset first (default $initialfiles)"
usage "  set \$nslots=<count>          slots per fileset (default $nslots)"
usage "  set \$meandirwidth=<count>    files per directory (default $meandirwidth)"
usage "  set \$memperthread=<size>     buffer memory of the thread (default $memperthread)"
usage "  (\$randslot, a uniform random index, places and picks the random files)"

define fileset name=fifofiles,path=$dir,entries=$nslots,size=$filesize,dirwidth=$meandirwidth,dirgamma=0,prealloc=0
define fileset name=randomfiles,path=$dir,entries=$nslots,size=$filesize,dirwidth=$meandirwidth,dirgamma=0,prealloc=0

# a new file in slot order (so the oldest is the first in slot order)
define flowop name=newfifo
{
  flowop createfile name=create,filesetname=fifofiles,fd=1
  flowop appendfile name=write,fd=1,iosize=$filesize
  flowop closefile name=close,fd=1
}

# a new file at a random free slot
define flowop name=newrandom
{
  flowop createfile name=create,filesetname=randomfiles,fd=1,indexed=$randslot
  flowop appendfile name=write,fd=1,iosize=$filesize
  flowop closefile name=close,fd=1
}

define process name=seed,instances=1
{
  thread name=seedthread,memsize=$memperthread,instances=1
  {
    flowop finishoncount name=seeded,target=seeded,value=$initialfiles
    flowop newfifo name=seedfifo
    flowop newrandom name=seedrandom
  }
}

define process name=steps,instances=1
{
  thread name=stepthread,memsize=$memperthread,instances=1
  {
    flowop finishoncount name=pairs,target=pairs,value=$npairs
    flowop newfifo name=createfifo,iters=$createrun
    flowop deletefile name=deleteoldest,filesetname=fifofiles
    flowop newrandom name=createrandom,iters=$createrun
    flowop deletefile name=deleterandom,filesetname=randomfiles,indexed=$randslot
  }
}

echo "createdelete: create/delete aging loaded"

run seed
run steps
