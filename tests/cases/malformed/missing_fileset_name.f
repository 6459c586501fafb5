# expect: 2:1: fileset needs name=
define fileset path=/tmp/fbm, entries=10, dirwidth=2
