# randvar parameters: seed, randsrc, round, min, table cells from variables
set $lo = 4k
set $hi = 8k
set $a = randvar(type=uniform, min=0, mean=1m, round=4k, seed=42, randsrc=rand48)
set $b = randvar(type=gamma, mean=64k, randsrc=urandom, name=ignored)
set $c = randvar(type=tabular, min=$lo, randtable={{20, $lo, $hi}, {80, $hi, $hi}, {0, $lo, $lo}})
set $d = randvar(randtable={{100, 10, 20}}, round=5)
define fileset name=a, path=/tmp/fbrp, entries=2, dirwidth=2, size=$a
define fileset name=c, path=/tmp/fbrp, entries=2, dirwidth=2, size=$c
define fileset name=dd, path=/tmp/fbrp, entries=2, dirwidth=2, size=$d
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
#> fileset /tmp/fbrp/a: 2 files, 0 leaf dirs, size uniform random var, mean 1048576,
#> fileset /tmp/fbrp/c: 2 files, 0 leaf dirs, size tabular random var, mean 7782,
#> fileset /tmp/fbrp/dd: 2 files, 0 leaf dirs, size tabular random var, mean 15,
