# nested composites: names are dotted (outer.inner.leaf) and parameters pass down
define fileset name=real, path=/tmp/fbcn, entries=10, dirwidth=5, prealloc
define flowop name=leaf, $fs {
  flowop statfile name=st, filesetname=$fs
}
define flowop name=mid, $m {
  flowop leaf name=l1, $fs=$m
  flowop hog name=h, value=10
}
define flowop name=top, $t=nowhere {
  flowop mid name=m1, $m=$t
  flowop leaf name=l2, $fs=real
}
define process name=p { thread name=t {
  flowop top name=a, $t=real
  flowop top name=b, $t=$x
} }
set $x = real
run
#>       flowop statfile       a.m1.l1.st
#>       flowop hog            a.m1.h
#>       flowop statfile       a.l2.st
#>       flowop statfile       b.m1.l1.st
#>       flowop hog            b.m1.h
#>       flowop statfile       b.l2.st
