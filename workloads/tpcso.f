# TPC-C-like OLTP database on 30 data/log files: 200 shadows, 10 DB writers
#
# What it models: a TPC-C style order-processing database laid out as one
# file per table and index (customers, stock, orders, history, ...) plus a
# redo log. Each "shadow" process (client session) does one random small
# read of every table file with CPU work in between, then posts to the log
# writer and the DB writers; the DB writers flush small random synchronous
# O_DIRECT asynchronous writes to every data file; the log writer writes the
# log in 256 KiB synchronous O_DIRECT writes. Semaphores keep the writers in
# step with the transactions. Thread memory is shared (useism).
#
# Model: the classic FileBench personality "tpcso": same 30 files and sizes,
# processes, semaphore values, hog loops, flowop sequences, flowop names
# (including the 30 flowops all called "shadowhog") and defaults.
#
# The default file sizes add up to about 140 GiB, all written before the
# first run (files are reused afterwards): shrink the $size_* variables for
# a test.
#
# Variables to edit:
#   $dir            directory holding the 30 files
#   $size_<file>    size of each file ("." in a file name becomes "_")
#   $iosize         data read and write size (database block size)
#   $workingset     bytes of each data file used by random I/O
#   $logiosize      log write size
#   $logworkingset  bytes of the log used by log writes
#   $nshadows       shadow (client session) processes
#   $ndbwriters     database writer processes
#   $usermode       CPU loop count after each shadow read
#   $memperthread   memory per thread
#   $eventrate      transactions per second over all shadows (0 = unlimited)
#
# Fixes vs. the classic: classic 1.5 could not load this script (it allows
# only 16 filesets); flowbench has no such limit. "debug 1" is dropped (it
# hid the results) and so is the unused $runtime. The 30 file sizes, the
# working sets and the log write size are variables.

set $dir=/tmp
set $eventrate=0
set $iosize=2k
set $workingset=10g
set $logiosize=256k
set $logworkingset=1g
set $nshadows=200
set $ndbwriters=10
set $usermode=20000
set $memperthread=1m
set $size_aux_df=251m
set $size_control_001=2m
set $size_cust_0_0=6704m
set $size_cust_0_1=6704m
set $size_cust_0_2=6704m
set $size_cust_0_3=6704m
set $size_dist_0_0=31m
set $size_hist_0_0=3002m
set $size_icust1_0_0=4943m
set $size_icust2_0_0=4943m
set $size_idist_0_0=11m
set $size_iitem_0_0=11m
set $size_iordr2_0_0=1651m
set $size_istok_0_0=2262m
set $size_item_0_0=21m
set $size_iware_0_0=11m
set $size_nord_0_0=561m
set $size_ordr_0_0=44301m
set $size_roll1=2001m
set $size_sp_0=1001m
set $size_stok_0_0=8052m
set $size_stok_0_1=8052m
set $size_stok_0_2=8052m
set $size_stok_0_3=8052m
set $size_stok_0_4=8052m
set $size_system_1=401m
set $size_temp_0_0=4943m
set $size_temp_0_1=4943m
set $size_ware_0_0=11m
set $size_log_1_1=1021m

eventgen rate=$eventrate

usage "tpcso variables (change with set before running):"
usage "  set \$dir=<path>                   directory of the 30 files (default $dir)"
usage "  set \$iosize=<size>                database block size (default $iosize)"
usage "  set \$workingset=<size>            data file region used (default $workingset)"
usage "  set \$logiosize=<size>             log write size (default $logiosize)"
usage "  set \$logworkingset=<size>         log region used (default $logworkingset)"
usage "  set \$nshadows=<count>             shadow processes (default $nshadows)"
usage "  set \$ndbwriters=<count>           database writer processes (default $ndbwriters)"
usage "  set \$usermode=<count>             CPU loop after each read (default $usermode)"
usage "  set \$memperthread=<size>          memory per thread (default $memperthread)"
usage "  set \$eventrate=<per second>       transactions per second, 0 = unlimited (default $eventrate)"
usage "  set \$size_aux_df=<size>           size of file aux.df (default $size_aux_df)"
usage "  set \$size_control_001=<size>      size of file control_001 (default $size_control_001)"
usage "  set \$size_cust_0_0=<size>         size of file cust_0_0 (default $size_cust_0_0)"
usage "  set \$size_cust_0_1=<size>         size of file cust_0_1 (default $size_cust_0_1)"
usage "  set \$size_cust_0_2=<size>         size of file cust_0_2 (default $size_cust_0_2)"
usage "  set \$size_cust_0_3=<size>         size of file cust_0_3 (default $size_cust_0_3)"
usage "  set \$size_dist_0_0=<size>         size of file dist_0_0 (default $size_dist_0_0)"
usage "  set \$size_hist_0_0=<size>         size of file hist_0_0 (default $size_hist_0_0)"
usage "  set \$size_icust1_0_0=<size>       size of file icust1_0_0 (default $size_icust1_0_0)"
usage "  set \$size_icust2_0_0=<size>       size of file icust2_0_0 (default $size_icust2_0_0)"
usage "  set \$size_idist_0_0=<size>        size of file idist_0_0 (default $size_idist_0_0)"
usage "  set \$size_iitem_0_0=<size>        size of file iitem_0_0 (default $size_iitem_0_0)"
usage "  set \$size_iordr2_0_0=<size>       size of file iordr2_0_0 (default $size_iordr2_0_0)"
usage "  set \$size_istok_0_0=<size>        size of file istok_0_0 (default $size_istok_0_0)"
usage "  set \$size_item_0_0=<size>         size of file item_0_0 (default $size_item_0_0)"
usage "  set \$size_iware_0_0=<size>        size of file iware_0_0 (default $size_iware_0_0)"
usage "  set \$size_nord_0_0=<size>         size of file nord_0_0 (default $size_nord_0_0)"
usage "  set \$size_ordr_0_0=<size>         size of file ordr_0_0 (default $size_ordr_0_0)"
usage "  set \$size_roll1=<size>            size of file roll1 (default $size_roll1)"
usage "  set \$size_sp_0=<size>             size of file sp_0 (default $size_sp_0)"
usage "  set \$size_stok_0_0=<size>         size of file stok_0_0 (default $size_stok_0_0)"
usage "  set \$size_stok_0_1=<size>         size of file stok_0_1 (default $size_stok_0_1)"
usage "  set \$size_stok_0_2=<size>         size of file stok_0_2 (default $size_stok_0_2)"
usage "  set \$size_stok_0_3=<size>         size of file stok_0_3 (default $size_stok_0_3)"
usage "  set \$size_stok_0_4=<size>         size of file stok_0_4 (default $size_stok_0_4)"
usage "  set \$size_system_1=<size>         size of file system_1 (default $size_system_1)"
usage "  set \$size_temp_0_0=<size>         size of file temp_0_0 (default $size_temp_0_0)"
usage "  set \$size_temp_0_1=<size>         size of file temp_0_1 (default $size_temp_0_1)"
usage "  set \$size_ware_0_0=<size>         size of file ware_0_0 (default $size_ware_0_0)"
usage "  set \$size_log_1_1=<size>          size of file log_1_1 (default $size_log_1_1)"

# one file per table, index, control file and redo log
define file name=aux.df,path=$dir,size=$size_aux_df,reuse,prealloc,paralloc
define file name=control_001,path=$dir,size=$size_control_001,reuse,prealloc,paralloc
define file name=cust_0_0,path=$dir,size=$size_cust_0_0,reuse,prealloc,paralloc
define file name=cust_0_1,path=$dir,size=$size_cust_0_1,reuse,prealloc,paralloc
define file name=cust_0_2,path=$dir,size=$size_cust_0_2,reuse,prealloc,paralloc
define file name=cust_0_3,path=$dir,size=$size_cust_0_3,reuse,prealloc,paralloc
define file name=dist_0_0,path=$dir,size=$size_dist_0_0,reuse,prealloc,paralloc
define file name=hist_0_0,path=$dir,size=$size_hist_0_0,reuse,prealloc,paralloc
define file name=icust1_0_0,path=$dir,size=$size_icust1_0_0,reuse,prealloc,paralloc
define file name=icust2_0_0,path=$dir,size=$size_icust2_0_0,reuse,prealloc,paralloc
define file name=idist_0_0,path=$dir,size=$size_idist_0_0,reuse,prealloc,paralloc
define file name=iitem_0_0,path=$dir,size=$size_iitem_0_0,reuse,prealloc,paralloc
define file name=iordr2_0_0,path=$dir,size=$size_iordr2_0_0,reuse,prealloc,paralloc
define file name=istok_0_0,path=$dir,size=$size_istok_0_0,reuse,prealloc,paralloc
define file name=item_0_0,path=$dir,size=$size_item_0_0,reuse,prealloc,paralloc
define file name=iware_0_0,path=$dir,size=$size_iware_0_0,reuse,prealloc,paralloc
define file name=nord_0_0,path=$dir,size=$size_nord_0_0,reuse,prealloc,paralloc
define file name=ordr_0_0,path=$dir,size=$size_ordr_0_0,reuse,prealloc,paralloc
define file name=roll1,path=$dir,size=$size_roll1,reuse,prealloc,paralloc
define file name=sp_0,path=$dir,size=$size_sp_0,reuse,prealloc,paralloc
define file name=stok_0_0,path=$dir,size=$size_stok_0_0,reuse,prealloc,paralloc
define file name=stok_0_1,path=$dir,size=$size_stok_0_1,reuse,prealloc,paralloc
define file name=stok_0_2,path=$dir,size=$size_stok_0_2,reuse,prealloc,paralloc
define file name=stok_0_3,path=$dir,size=$size_stok_0_3,reuse,prealloc,paralloc
define file name=stok_0_4,path=$dir,size=$size_stok_0_4,reuse,prealloc,paralloc
define file name=system_1,path=$dir,size=$size_system_1,reuse,prealloc,paralloc
define file name=temp_0_0,path=$dir,size=$size_temp_0_0,reuse,prealloc,paralloc
define file name=temp_0_1,path=$dir,size=$size_temp_0_1,reuse,prealloc,paralloc
define file name=ware_0_0,path=$dir,size=$size_ware_0_0,reuse,prealloc,paralloc
define file name=log_1_1,path=$dir,size=$size_log_1_1,reuse,prealloc,paralloc

# database writers: a batch of 10 random async writes to every data file
define process name=dbwr,instances=$ndbwriters
{
  thread name=dbwr,memsize=$memperthread,useism
  {
    flowop aiowrite name=dbaiowrite-aux.df,filename=aux.df,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-control_001,filename=control_001,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-cust_0_0,filename=cust_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-cust_0_1,filename=cust_0_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-cust_0_2,filename=cust_0_2,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-cust_0_3,filename=cust_0_3,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-dist_0_0,filename=dist_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-hist_0_0,filename=hist_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-icust1_0_0,filename=icust1_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-icust2_0_0,filename=icust2_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-idist_0_0,filename=idist_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-iitem_0_0,filename=iitem_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-iordr2_0_0,filename=iordr2_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-istok_0_0,filename=istok_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-item_0_0,filename=item_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-iware_0_0,filename=iware_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-nord_0_0,filename=nord_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-ordr_0_0,filename=ordr_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-roll1,filename=roll1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-sp_0,filename=sp_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-stok_0_0,filename=stok_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-stok_0_1,filename=stok_0_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-stok_0_2,filename=stok_0_2,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-stok_0_3,filename=stok_0_3,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-stok_0_4,filename=stok_0_4,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-system_1,filename=system_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-temp_0_0,filename=temp_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-temp_0_1,filename=temp_0_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop aiowrite name=dbaiowrite-ware_0_0,filename=ware_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio,iters=10
    flowop hog name=dbwr-hog,value=10000
    flowop semblock name=dbwr-block,value=100,highwater=10000
    flowop aiowait name=dbwr-aiowait
  }
}

# log writer: one large synchronous write per 320 shadow posts
define process name=lgwr,instances=1
{
  thread name=lgwr,memsize=$memperthread,useism
  {
    flowop write name=lg-write,filename=log_1_1,
        iosize=$logiosize,workingset=$logworkingset,random,dsync,directio
    flowop semblock name=lg-block,value=320,highwater=1000
  }
}

# shadows: one random block read of every file, with CPU work after each
define process name=shadow,instances=$nshadows
{
  thread name=shadow,memsize=$memperthread,useism
  {
    flowop read name=shadowread-aux.df,filename=aux.df,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-control_001,filename=control_001,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-cust_0_0,filename=cust_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-cust_0_1,filename=cust_0_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-cust_0_2,filename=cust_0_2,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-cust_0_3,filename=cust_0_3,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-dist_0_0,filename=dist_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-hist_0_0,filename=hist_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-icust1_0_0,filename=icust1_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-icust2_0_0,filename=icust2_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-idist_0_0,filename=idist_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-iitem_0_0,filename=iitem_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-iordr2_0_0,filename=iordr2_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-istok_0_0,filename=istok_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-item_0_0,filename=item_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-iware_0_0,filename=iware_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-nord_0_0,filename=nord_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-ordr_0_0,filename=ordr_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-roll1,filename=roll1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-sp_0,filename=sp_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-stok_0_0,filename=stok_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-stok_0_1,filename=stok_0_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-stok_0_2,filename=stok_0_2,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-stok_0_3,filename=stok_0_3,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-stok_0_4,filename=stok_0_4,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-system_1,filename=system_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-temp_0_0,filename=temp_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-temp_0_1,filename=temp_0_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-ware_0_0,filename=ware_0_0,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop read name=shadowread-log_1_1,filename=log_1_1,
        iosize=$iosize,workingset=$workingset,random,dsync,directio
    flowop hog name=shadowhog,value=$usermode
    flowop sempost name=shadow-post-lg,value=1,target=lg-block,blocking
    flowop sempost name=shadow-post-dbwr,value=1,target=dbwr-block,blocking
    flowop eventlimit name=random-rate
  }
}

echo "tpcso: TPC-C-like database workload loaded"
