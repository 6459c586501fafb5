# expect: 6:60: flowop 's': weight= wants a whole number >= 0, got 'many'
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose, $w {
  flowop statfile name=s, filename=f, weight=$w
}
define process name=p { thread name=t { flowop mix name=m, $w=many } }
