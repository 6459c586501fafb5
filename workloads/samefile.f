# One file rewritten from scratch 50,000 times: create, write 20,000 bytes, close, delete
#
# What it models: a program that saves the same file over and over by
# opening it with O_CREAT|O_TRUNC, writing all of it and closing it (a
# settings or state file, a small database dump, an editor's save). The
# file system frees the file's blocks and allocates new ones on every save,
# so the test measures that allocation path and the metadata updates of a
# file that keeps its name, with a tiny working set.
#
# Model: the "same file" test as described in flowbench's request for it:
# one file truncated and written with 20,000 bytes, 50,000 times, in one
# write() call each time. It is not a copy of a particular tool.
#
# How it maps to flowbench, and why: flowbench has no truncating open, and
# createfile only creates a file that does not exist. The closest model is
# to delete the file after each close, so that the next createfile makes it
# again: like a truncation, every round frees the data blocks and
# allocates new ones, but it also removes and re-adds the directory entry
# and frees and reallocates the inode, which a truncation does not. (The
# other option, reopening the file and overwriting it in place, would free
# and allocate nothing, and is further from the original.) Each round is:
# createfile, writewholefile (the file's $filesize in $iosize calls),
# closefile, deletefile (counted as their own ops); the run ends right
# after the $count-th close, leaving the file in place.
#
# Variables to edit:
#   $dir            parent directory of the file
#   $count          rounds (saves of the file)
#   $filesize       bytes written per round
#   $iosize         bytes per write call (at least $filesize: one call)
#   $memperthread   private buffer memory of the thread
#
# The script ends with "run": it runs until the $count rounds are done.
# "flowbench -f samefile.f --runtime S" caps it at S seconds; in the
# shell, "load samefile" then "run N".

set $dir=/tmp
set $count=50000
set $filesize=20000
set $iosize=1m
set $memperthread=1m
set mode quit alldone

usage "samefile variables (change with set before running):"
usage "  set \$dir=<path>              parent directory of the file (default $dir)"
usage "  set \$count=<count>           times the file is written (default $count)"
usage "  set \$filesize=<size>         bytes written each time (default $filesize)"
usage "  set \$iosize=<size>           bytes per write call (default $iosize)"
usage "  set \$memperthread=<size>     buffer memory of the thread (default $memperthread)"

define file name=samefile,path=$dir,size=$filesize

define process name=saver,instances=1
{
  thread name=saverthread,memsize=$memperthread,instances=1
  {
    flowop createfile name=createfile,filesetname=samefile,fd=1
    flowop writewholefile name=writefile,fd=1,srcfd=1,iosize=$iosize
    flowop closefile name=closefile,fd=1
    flowop finishoncount name=done,target=closefile,value=$count
    flowop deletefile name=deletefile,filesetname=samefile,fd=1
  }
}

echo "samefile: repeated rewrite of one file loaded"

run
