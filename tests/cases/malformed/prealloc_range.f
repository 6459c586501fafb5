# expect: 2:66: prealloc=101 is out of range (0..100)
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5, prealloc=101
define process name=p { thread name=t { flowop hog name=h, value=1 } }
