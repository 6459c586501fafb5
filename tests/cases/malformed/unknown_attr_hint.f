# expect: 3:47: unknown attribute 'sizze' for fileset; did you mean 'size'?
set $dir=/tmp
define fileset name=a, path=$dir, entries=10, sizze=1k, dirwidth=10
