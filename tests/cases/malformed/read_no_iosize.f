# expect: 3:41: flowop read 'r' needs iosize= greater than 0
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5
define process name=p { thread name=t { flowop read name=r, filename=data } }
