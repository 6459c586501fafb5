# expect: 4:50: unknown 'bucket(...)' value: the only one is buckets(size:percent, ...)
define file name=f, path=/tmp, size=1m
define process name=p { thread name=t {
  flowop read name=r, filename=f, random, iosize=bucket(4k:100)
} }
