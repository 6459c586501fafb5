# expect: 2:54: attribute 'entries' needs a value
define fileset name=data, path=/tmp/fbm, dirwidth=5, entries
