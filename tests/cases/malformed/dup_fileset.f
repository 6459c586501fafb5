# expect: 3:1: fileset 'a' is already defined (at 
define fileset name=a, path=/tmp/fbm, entries=1, dirwidth=1
define fileset name=a, path=/tmp/fbm2, entries=2, dirwidth=1
