# expect: 3:25: choose composite 'mix' (used as 'm'): every flowop has weight 0
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop read name=r, filename=f, iosize=8k, random, weight=0
  flowop statfile name=s, filename=f, weight=0
}
define process name=p { thread name=t { flowop mix name=m } }
