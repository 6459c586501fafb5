# expect: 3:76: flowop 'r': picks= counts the draws of pick=epoch
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5
define process name=p { thread name=t { flowop read name=r, filename=data, picks=3, iosize=4k } }
