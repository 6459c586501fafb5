# expect: 3:61: shared
set $dir=/tmp
define fileset name=a,path=$dir,entries=4,dirwidth=4,shared=maybe
define process name=p {
  thread name=t {
    flowop statfile name=s,filesetname=a
  }
}
