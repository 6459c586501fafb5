# expect: 2:21: variable $v is not set
define fileset name=$v, path=/tmp/fbm, entries=1, dirwidth=1
set $v = late
