# bench/mdtest.f: mdtest's four file phases, each a run: create, stat,
# open+close and remove of $nfiles empty files per rank (one thread, one
# directory: mdtest -F -n $nfiles -u under mpirun). Every phase does
# exactly $nfiles per rank: a rank done first waits for the others
# (docs/running.md, Many hosts). Files are named by their serials; add
# filenames=file.mdtest.%r.%i to the fileset for mdtest's names (bench/mdtest.sh does).
# usage: mpirun -np N flowbench -f bench/mdtest.f -D dir=D -D nfiles=N
set $dir=/tmp
set $nfiles=10000
set mode quit alldone
define fileset name=md,path=$dir,entries=$nfiles,dirwidth=$nfiles,dirgamma=0,size=0,prealloc=0
define process name=mdcreate { thread name=t {
    flowop createfile name=create,filesetname=md,fd=1
    flowop closefile name=createclose,fd=1 } }
define process name=mdstat { thread name=t {
    flowop statfile name=stat,filesetname=md
    flowop finishoncount name=statn,value=$nfiles,target=stat } }
define process name=mdopen { thread name=t {
    flowop openfile name=open,filesetname=md,fd=1
    flowop closefile name=openclose,fd=1
    flowop finishoncount name=openn,value=$nfiles,target=open } }
define process name=mdremove { thread name=t {
    flowop deletefile name=remove,filesetname=md } }
run 600 mdcreate
run 600 mdstat
run 600 mdopen
run 600 mdremove
