# expect: 2:1: fileset 'a' needs path=
define fileset name=a, entries=10, dirwidth=2
