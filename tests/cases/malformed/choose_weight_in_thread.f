# expect: 4:54: weight= counts only among the flowops of a choose composite ('define flowop name=N, choose { ... }'); flowop 'r' is in thread 't'
define file name=f, path=/tmp, size=1m
define process name=p { thread name=t {
  flowop read name=r, filename=f, iosize=8k, random, weight=5
} }
