# expect: 4:39: flowop 's' is in composite 'plain', which is not choose
define file name=f, path=/tmp, size=1m
define flowop name=plain {
  flowop statfile name=s, filename=f, weight=2
}
define process name=p { thread name=t { flowop plain name=m } }
