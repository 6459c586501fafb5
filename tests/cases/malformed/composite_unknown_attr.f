# expect: 2:23: unknown attribute 'itres' for composite flowop
define flowop name=c, itres=2 { flowop hog name=h, value=1 }
define process name=p { thread name=t { flowop hog name=h, value=1 } }
