# expect: 3:1: fileset 'a' is already defined
define fileset name=a, path=/tmp/fbm, entries=1, dirwidth=1
define file name=a, path=/tmp/fbm
