# expect: 2:1: fileset 'data' needs dirwidth=
define fileset name=data, path=/tmp/fbm, entries=10
define process name=p { thread name=t { flowop hog name=h, value=1 } }
