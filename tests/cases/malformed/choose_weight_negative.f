# expect: 4:61: weight=-3: weight takes no negative number
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop read name=r, filename=f, iosize=8k, random, weight=-3
  flowop statfile name=s, filename=f
}
define process name=p { thread name=t { flowop mix name=m } }
