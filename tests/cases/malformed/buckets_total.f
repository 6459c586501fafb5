# expect: 4:50: bucket percentages total 90%, they must total exactly 100
define file name=f, path=/tmp, size=1m
define process name=p { thread name=t {
  flowop read name=r, filename=f, random, iosize=buckets(4k:30, 64k:50, 1m:10)
} }
