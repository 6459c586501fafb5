# expect: 2:37: seed wants a number
set $a = randvar(type=uniform, seed=abc)
define process name=p { thread name=t { flowop hog name=h, value=1 } }
