# randvar of each type; a fileset size shows the kind and mean of its variable
set $u = randvar(type=uniform, min=1k, mean=4k)
set $g = randvar(type=gamma, mean=16k, gamma=1500)
set $d = randvar(gamma=2500, mean=100)
set $t = randvar(type=tabular, randtable={{50, 1k, 1k}, {50, 2k, 2k}})
echo "$u|$g|$d|$t"
define fileset name=u, path=/tmp/fbrv, entries=2, dirwidth=2, size=$u
define fileset name=g, path=/tmp/fbrv, entries=2, dirwidth=2, size=$g
define fileset name=d, path=/tmp/fbrv, entries=2, dirwidth=2, size=$d
define fileset name=t, path=/tmp/fbrv, entries=2, dirwidth=2, size=$t
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
#> uniform random var|gamma random var|gamma random var|tabular random var
#> fileset /tmp/fbrv/u: 2 files, 0 leaf dirs, size uniform random var, mean 4096,
#> fileset /tmp/fbrv/g: 2 files, 0 leaf dirs, size gamma random var, mean 16384,
#> fileset /tmp/fbrv/d: 2 files, 0 leaf dirs, size gamma random var, mean 100,
#> fileset /tmp/fbrv/t: 2 files, 0 leaf dirs, size tabular random var, mean 1536,
