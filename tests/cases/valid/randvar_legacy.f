# legacy: define randvar name=$v, ... is the same as set $v = randvar(...)
define randvar name=$sizes, type=tabular, min=1k, randtable={{80, 1k, 4k}, {20, 4k, 16k}}
define randvar name=$idx, type=gamma, gamma=100
echo "sizes: $sizes, idx: $idx"
define fileset name=f, path=/tmp/fbrl, entries=4, dirwidth=2, size=$sizes
define process name=p { thread name=t { flowop openfile name=o, filesetname=f, indexed=$idx, fd=1
  flowop closefile name=c, fd=1 } }
run
#> sizes: tabular random var, idx: gamma random var
#> fileset /tmp/fbrl/f: 4 files, 0 leaf dirs, size tabular random var, mean 4096,
