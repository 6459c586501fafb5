# cvar of every type with parameters; the fileset size shows the distribution's mean
set $cu = cvar(type=cvar-uniform, parameters="lower:2048;upper:6144")
set $cg = cvar(type=cvar-gamma, parameters="mean:16384;gamma:1.5")
set $cn = cvar(type=cvar-normal, parameters="mean:5000;sigma:10")
set $ce = cvar(type=cvar-exponential, parameters=mean:300)
set $cr = cvar(type=cvar-erlang, parameters="shape:2;rate:700")
set $ct = cvar(type=cvar-triangular, parameters="lower:0;upper:30;mode:15")
set $cw = cvar(type=cvar-weibull, parameters="shape:1;scale:50")
set $cl = cvar(type=cvar-lognormal, parameters="shape:0;scale:2")
echo "$cu $cg"
define fileset name=cu, path=/tmp/fbcv, entries=2, dirwidth=2, size=$cu
define fileset name=cg, path=/tmp/fbcv, entries=2, dirwidth=2, size=$cg
define fileset name=cn, path=/tmp/fbcv, entries=2, dirwidth=2, size=$cn
define fileset name=ce, path=/tmp/fbcv, entries=2, dirwidth=2, size=$ce
define fileset name=cr, path=/tmp/fbcv, entries=2, dirwidth=2, size=$cr
define fileset name=ct, path=/tmp/fbcv, entries=2, dirwidth=2, size=$ct
define fileset name=cw, path=/tmp/fbcv, entries=2, dirwidth=2, size=$cw
define fileset name=cl, path=/tmp/fbcv, entries=2, dirwidth=2, size=$cl
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
#> custom variable custom variable
#> fileset /tmp/fbcv/cu: 2 files, 0 leaf dirs, size custom variable, mean 4096,
#> fileset /tmp/fbcv/cg: 2 files, 0 leaf dirs, size custom variable, mean 16384,
#> fileset /tmp/fbcv/cn: 2 files, 0 leaf dirs, size custom variable, mean 5000,
#> fileset /tmp/fbcv/ce: 2 files, 0 leaf dirs, size custom variable, mean 300,
#> fileset /tmp/fbcv/cr: 2 files, 0 leaf dirs, size custom variable, mean 700,
#> fileset /tmp/fbcv/ct: 2 files, 0 leaf dirs, size custom variable, mean 15,
#> fileset /tmp/fbcv/cw: 2 files, 0 leaf dirs, size custom variable, mean 50,
#> fileset /tmp/fbcv/cl: 2 files, 0 leaf dirs, size custom variable, mean 7,
