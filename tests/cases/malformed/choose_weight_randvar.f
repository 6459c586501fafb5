# expect: 5:39: flowop 's': weight= wants a fixed whole number >= 0, not a random variable
set $w = randvar(type=uniform, min=1, mean=5)
define file name=f, path=/tmp, size=1m
define flowop name=mix, choose {
  flowop statfile name=s, filename=f, weight=$w
}
define process name=p { thread name=t { flowop mix name=m } }
