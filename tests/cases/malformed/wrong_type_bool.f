# expect: 2:66: value wants a number, got a boolean
define process name=p { thread name=t { flowop hog name=h, value=true } }
