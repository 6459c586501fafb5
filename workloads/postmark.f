# PostMark: a pool of small files, create/delete + read/append transactions, then deletion
#
# What it models: the PostMark benchmark, written to mimic the short-lived
# small files of mail, news and web-commerce servers. Three phases, each a
# flowbench "run" reported on its own, as PostMark reports them:
#   createpool    $nfiles files are created, each with a random size
#                 between $minsize and $maxsize bytes, written in
#                 $writeblock pieces
#   transactions  $transactions transactions; each one reads a whole
#                 random file (in $readblock pieces) or appends to one,
#                 and creates a new file or deletes a random one
#   deletepool    every remaining file is deleted
#
# Model: PostMark 1.5 by Jeffrey Katcher (NetApp), with its defaults: 500
# files of 500 bytes to 9.77 KiB (10,000 bytes), 500 transactions,
# 512-byte read and write blocks, read/append and create/delete biases of
# 5 out of 10 (50%), all files in one directory ("set subdirectories 0";
# set $meandirwidth to spread them over several).
#
# How it maps to flowbench, and where it differs:
# - Each transaction is exactly one read or append, then exactly one
#   create or delete, as in PostMark: two `choose` composites, each
#   picking one of its two halves with the bias as its weight
#   (docs/language.md, "Weighted choice"). PostMark draws the read/append
#   coin and the create/delete coin independently; so does flowbench.
# - "Random file": files are placed at random slots of the fileset and
#   picked by a uniformly random slot (the next file at or after it), so
#   every file is about equally likely, as in PostMark.
# - An append writes $writeblock pieces, a random number of them
#   ($appendblocks, about the mean file size in all).
# - PostMark's buffered (stdio) I/O and its random file contents are not
#   modelled; every call goes to the file system.
#
# Variables to edit. $meansize, $filesize, $appendblocks, $appendpct,
# $deletepct and $maxfiles are worked out from the others; change those
# with "-D name=value", or with set before or after "load postmark" (after
# it, the derived ones follow: docs/language.md, "set after load"), or set
# a distribution itself after the load.
#   $dir            parent directory of the files
#   $nfiles         files in the initial pool (PostMark "set number")
#   $transactions   transactions (PostMark "set transactions")
#   $minsize        smallest file, bytes (PostMark "set size" low)
#   $maxsize        largest file, bytes (PostMark "set size" high)
#   $filesize       size of each created file: uniform on $minsize..$maxsize
#   $readblock      bytes per read call (PostMark "set read")
#   $writeblock     bytes per write call (PostMark "set write")
#   $appendblocks   pieces per append: uniform, mean about a file's size
#   $readpct        percent of transactions that read; the rest append
#                   (PostMark "set bias read" x 10)
#   $createpct      percent of transactions that create; the rest delete
#                   (PostMark "set bias create" x 10)
#   $maxfiles       slots in the fileset: $nfiles + $transactions
#   $meandirwidth   files per directory (huge = one directory)
#   $memperthread   private buffer memory of the thread
#
# Each phase runs until its work is done; "flowbench -f postmark.f
# --runtime S" caps every phase at S seconds. In the shell, "load
# postmark" skips the phases; "run N" then runs every process at once,
# which is a smoke test, not PostMark.

set $dir=/tmp
set $nfiles=500
set $transactions=500
set $minsize=500
set $maxsize=10000
set $meansize=($minsize + $maxsize) / 2
set $filesize=randvar(type=uniform, min=$minsize, mean=$meansize)
set $readblock=512
set $writeblock=512
set $meanappendblocks=$meansize / $writeblock
set $appendblocks=randvar(type=uniform, min=1, mean=$meanappendblocks)
set $readpct=50
set $appendpct=100 - $readpct
set $createpct=50
set $deletepct=100 - $createpct
set $maxfiles=$nfiles + $transactions
set $meandirwidth=1000000
set $memperthread=1m
set $randslot=randvar(type=uniform, min=0, mean=1g)
set mode quit alldone

usage "postmark variables (change with set before running; see the header for the distributions):"
usage "  set \$dir=<path>              parent directory of the files (default $dir)"
usage "  set \$nfiles=<count>          files in the initial pool (default $nfiles)"
usage "  set \$transactions=<count>    transactions (default $transactions)"
usage "  set \$minsize=<bytes>         smallest file (default $minsize)"
usage "  set \$maxsize=<bytes>         largest file (default $maxsize)"
usage "  set \$filesize=<size|randvar> size of each created file (default uniform \$minsize..\$maxsize)"
usage "  set \$readblock=<size>        bytes per read call (default $readblock)"
usage "  set \$writeblock=<size>       bytes per write call (default $writeblock)"
usage "  set \$appendblocks=<randvar>  write calls per append (default uniform, mean $meanappendblocks)"
usage "  set \$readpct=<percent>       reads among read/append (default $readpct)"
usage "  set \$createpct=<percent>     creates among create/delete (default $createpct)"
usage "  set \$maxfiles=<count>        fileset slots, \$nfiles + \$transactions (default $maxfiles)"
usage "  set \$meandirwidth=<count>    files per directory (default $meandirwidth)"
usage "  set \$memperthread=<size>     buffer memory of the thread (default $memperthread)"
usage "  (worked out from the above, and following them: \$meansize, \$meanappendblocks,"
usage "   \$appendpct, \$deletepct; \$randslot picks files)"

define fileset name=postmarkfiles,path=$dir,entries=$maxfiles,size=$filesize,dirwidth=$meandirwidth,prealloc=0

# one new file: created at a random free slot, written whole, closed
define flowop name=newfile
{
  flowop createfile name=create,filesetname=postmarkfiles,fd=1,indexed=$randslot
  flowop writewholefile name=write,fd=1,srcfd=1,iosize=$writeblock
  flowop closefile name=close,fd=1
}

define flowop name=readfile
{
  flowop openfile name=open,filesetname=postmarkfiles,fd=1,indexed=$randslot
  flowop readwholefile name=read,fd=1,iosize=$readblock
  flowop closefile name=close,fd=1
}

define flowop name=appendtofile
{
  flowop openfile name=open,filesetname=postmarkfiles,fd=1,indexed=$randslot
  flowop appendfile name=append,fd=1,iosize=$writeblock,iters=$appendblocks
  flowop closefile name=close,fd=1
}

# the first half of a transaction: read a whole file or append to one
define flowop name=readorappend, choose
{
  flowop readfile name=read,weight=$readpct
  flowop appendtofile name=append,weight=$appendpct
}

# the second half: create a new file or delete one
define flowop name=createordelete, choose
{
  flowop newfile name=create,weight=$createpct
  flowop deletefile name=delete,filesetname=postmarkfiles,indexed=$randslot,weight=$deletepct
}

define process name=createpool,instances=1
{
  thread name=poolthread,memsize=$memperthread,instances=1
  {
    flowop newfile name=pool
    flowop finishoncount name=pooldone,target=create,value=$nfiles
  }
}

define process name=transactions,instances=1
{
  thread name=transactionthread,memsize=$memperthread,instances=1
  {
    flowop finishoncount name=transactionsdone,target=transactionsdone,value=$transactions
    flowop readorappend name=ra
    flowop createordelete name=cd
  }
}

define process name=deletepool,instances=1
{
  thread name=deletethread,memsize=$memperthread,instances=1
  {
    flowop deletefile name=delete,filesetname=postmarkfiles
  }
}

echo "postmark: PostMark pool, transactions and deletion loaded"

run createpool
run transactions
run deletepool
