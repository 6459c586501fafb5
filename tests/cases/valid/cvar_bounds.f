# cvar min/max/round attributes, defaults without parameters, the short type name
set $hi = cvar(type=cvar-gamma, parameters="mean:8192", max=100)
set $lo = cvar(type=cvar-exponential, parameters="mean:10", min=500, round=4)
set $def = cvar(type=cvar-gamma)
set $short = cvar(type=gamma, parameters="mean:1000")
define fileset name=hi, path=/tmp/fbcb, entries=2, dirwidth=2, size=$hi
define fileset name=lo, path=/tmp/fbcb, entries=2, dirwidth=2, size=$lo
define fileset name=def, path=/tmp/fbcb, entries=2, dirwidth=2, size=$def
define fileset name=short, path=/tmp/fbcb, entries=2, dirwidth=2, size=$short
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
#> fileset /tmp/fbcb/hi: 2 files, 0 leaf dirs, size custom variable, mean 100,
#> fileset /tmp/fbcb/lo: 2 files, 0 leaf dirs, size custom variable, mean 500,
#> fileset /tmp/fbcb/def: 2 files, 0 leaf dirs, size custom variable, mean 4096,
#> fileset /tmp/fbcb/short: 2 files, 0 leaf dirs, size custom variable, mean 1000,
