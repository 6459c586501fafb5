# varmail_verify.f: bench/journal.sh's workload: varmail's session (create,
# append, fsync, read whole files, delete) on a fileset with verify, so that
# the same run with --journal DIR and without it differ only by the journal.
set $dir=/dev/shm/flowbench-bench
set $nfiles=1000
set $nthreads=4
define fileset name=mailbench,path=$dir,size=16k,entries=$nfiles,dirwidth=1000000,prealloc=80,verify
define process name=mailer,instances=1
{
  thread name=mailthread,memsize=10m,instances=$nthreads
  {
    flowop deletefile name=deletefile1,filesetname=mailbench
    flowop createfile name=createfile2,filesetname=mailbench,fd=1
    flowop appendfilerand name=appendfilerand2,iosize=16k,fd=1
    flowop fsync name=fsyncfile2,fd=1
    flowop closefile name=closefile2,fd=1
    flowop openfile name=openfile3,filesetname=mailbench,fd=1
    flowop readwholefile name=readfile3,fd=1,iosize=1m
    flowop appendfilerand name=appendfilerand3,iosize=16k,fd=1
    flowop fsync name=fsyncfile3,fd=1
    flowop closefile name=closefile3,fd=1
    flowop openfile name=openfile4,filesetname=mailbench,fd=1
    flowop readwholefile name=readfile4,fd=1,iosize=1m
    flowop closefile name=closefile4,fd=1
  }
}
