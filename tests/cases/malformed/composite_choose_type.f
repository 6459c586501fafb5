# expect: 2:30: choose wants true or false
define flowop name=c, choose=abc { flowop hog name=h, value=1 }
define process name=p { thread name=t { flowop hog name=h, value=1 } }
