# expect: 3:66: dirdepthrv wants a random variable
set $d = 3
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5, dirdepthrv=$d
define process name=p { thread name=t { flowop hog name=h, value=1 } }
