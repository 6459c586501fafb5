set $dir=/tmp
define file name=f,path=$dir,size=1m,shared
define fileset name=a,path=$dir,entries=4,dirwidth=4,shared=true
define process name=p {
  thread name=t {
    flowop statfile name=s,filesetname=a
  }
}
#> file /tmp/f: 1 files
#>     under mpirun: one file for every rank, made by rank 0
#> fileset /tmp/a: 4 files
#>     under mpirun: one tree for every rank, made by rank 0
