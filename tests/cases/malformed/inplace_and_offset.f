# expect: 3:98: flowop 'w': offset= and inplace: an op goes to one or the other
define file name=f, path=/tmp/fbm, size=1m, prealloc
define process name=p { thread name=t { flowop write name=w, filename=f, iosize=8k, offset=4096, inplace } }
