# expect: 5:39: flowop 's': weight= wants a whole number >= 0, got 'lots'
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop read name=r, filename=f, iosize=8k, random
  flowop statfile name=s, filename=f, weight=lots
}
define process name=p { thread name=t { flowop mix name=m } }
