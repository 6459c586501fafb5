# expect: 2:16: fileset name 'a/b' must be a single directory name
define fileset name=a/b, path=/tmp/fbm, entries=1, dirwidth=1
define process name=p { thread name=t { flowop hog name=h, value=1 } }
