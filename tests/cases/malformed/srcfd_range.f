# expect: 3:86: srcfd=129 is out of range (0..128)
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5
define process name=p { thread name=t { flowop writewholefile name=w, filename=data, srcfd=129 } }
