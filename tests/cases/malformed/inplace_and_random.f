# expect: 3:93: flowop 'w': inplace and random: an op goes to one or the other
define file name=f, path=/tmp/fbm, size=1m, prealloc
define process name=p { thread name=t { flowop write name=w, filename=f, iosize=8k, random, inplace } }
