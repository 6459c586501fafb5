# prealloc: bare = 100, true/false, a percentage, a late-bound variable
define fileset name=bare, path=/tmp/fbpa, entries=2, dirwidth=2, prealloc
define fileset name=yes, path=/tmp/fbpa, entries=2, dirwidth=2, prealloc=true
define fileset name=no, path=/tmp/fbpa, entries=2, dirwidth=2, prealloc=false
define fileset name=pct, path=/tmp/fbpa, entries=2, dirwidth=2, prealloc=37
define fileset name=var, path=/tmp/fbpa, entries=2, dirwidth=2, prealloc=$pa
define fileset name=bvar, path=/tmp/fbpa, entries=2, dirwidth=2, prealloc=$on
define process name=p { thread name=t { flowop hog name=h, value=10 } }
set $pa = 64
set $on = true
run
#> fileset /tmp/fbpa/bare: 2 files, 0 leaf dirs, size 1024, 100% preallocated
#> fileset /tmp/fbpa/yes: 2 files, 0 leaf dirs, size 1024, 100% preallocated
#> fileset /tmp/fbpa/no: 2 files, 0 leaf dirs, size 1024, 0% preallocated
#> fileset /tmp/fbpa/pct: 2 files, 0 leaf dirs, size 1024, 37% preallocated
#> fileset /tmp/fbpa/var: 2 files, 0 leaf dirs, size 1024, 64% preallocated
#> fileset /tmp/fbpa/bvar: 2 files, 0 leaf dirs, size 1024, 100% preallocated
