# expect: 5:39: flowop 's': weight= wants a whole number >= 0, got '2.5'
set $w = "2.5"
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop statfile name=s, filename=f, weight=$w
}
define process name=p { thread name=t { flowop mix name=m } }
