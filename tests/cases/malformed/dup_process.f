# expect: 3:1: process 'p' is already defined (at 
define process name=p { thread name=t { flowop hog name=h, value=1 } }
define process name=p { thread name=t { flowop hog name=h, value=1 } }
