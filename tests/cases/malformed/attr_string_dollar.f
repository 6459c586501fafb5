# expect: 3:29: $
# a quoted attribute value may not contain $ (contract 1.5): it is not expanded
define fileset name=a, path="$dir/sub", entries=1, dirwidth=1
set $dir = /tmp/fbm
