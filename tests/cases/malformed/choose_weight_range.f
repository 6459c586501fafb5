# expect: 4:39: weight=2000000000 is out of range (0..1000000000)
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop statfile name=s, filename=f, weight=2000000000
}
define process name=p { thread name=t { flowop mix name=m } }
