# expect: 2:71: attribute 'size' takes a single value, not a table
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5, size={{100, 1k, 2k}}
