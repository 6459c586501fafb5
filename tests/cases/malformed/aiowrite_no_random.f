# expect: 3:41: flowop aiowrite 'a' needs random
define file name=f, path=/tmp/fbm, size=1m, prealloc
define process name=p { thread name=t { flowop aiowrite name=a, filename=f, iosize=8k } }
