# a composite parameter hides a global variable of the same name inside the composite
set $fs = nowhere
define fileset name=real, path=/tmp/fbcs, entries=10, dirwidth=5, prealloc
define flowop name=look, $fs { flowop statfile name=st, filesetname=$fs }
define process name=p { thread name=t { flowop look name=l, $fs=real } }
echo "global fs=$fs"
run
#> global fs=nowhere
#>       flowop statfile       l.st
