# expect: 4:61: fractional number '0.5': only whole numbers are allowed here
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop read name=r, filename=f, iosize=8k, random, weight=0.5
  flowop statfile name=s, filename=f
}
define process name=p { thread name=t { flowop mix name=m } }
