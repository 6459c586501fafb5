# mailj.f: a varmail-like workload with verify and a durability journal, for
# the journal's tests and bench/journal.sh (set $journal to a directory on
# another file system than $dir).
set $dir=/tmp
set $journal=/dev/shm/flowbench-journal
set $nfiles=200
set $nthreads=4
set $meanappendsize=16k
define fileset name=mail,path=$dir,size=16k,entries=$nfiles,dirwidth=1000000,prealloc=80,verify,journal=$journal
define process name=mailer,instances=2
{
  thread name=mailthread,memsize=10m,instances=$nthreads
  {
    flowop deletefile name=deletefile1,filesetname=mail
    flowop createfile name=createfile2,filesetname=mail,fd=1
    flowop appendfilerand name=appendfilerand2,iosize=$meanappendsize,fd=1
    flowop fsync name=fsyncfile2,fd=1
    flowop closefile name=closefile2,fd=1
    flowop openfile name=openfile3,filesetname=mail,fd=1
    flowop readwholefile name=readfile3,fd=1,iosize=1m
    flowop appendfilerand name=appendfilerand3,iosize=$meanappendsize,fd=1
    flowop fsync name=fsyncfile3,fd=1
    flowop closefile name=closefile3,fd=1
    flowop openfile name=openfile4,filesetname=mail,fd=1
    flowop readwholefile name=readfile4,fd=1,iosize=1m
    flowop closefile name=closefile4,fd=1
  }
}
