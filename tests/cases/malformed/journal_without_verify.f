# expect: 2:66: journal= records which generation of each verify block was made durable: fileset 'data' needs verify too
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5, journal=/tmp/fbj
define process name=p { thread name=t { flowop hog name=h, value=1 } }
