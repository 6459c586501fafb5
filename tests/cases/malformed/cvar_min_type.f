# expect: 2:36: min wants a number
set $a = cvar(type=cvar-gamma, min=abc)
define process name=p { thread name=t { flowop hog name=h, value=1 } }
