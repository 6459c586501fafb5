# expect: 3:3: process 'p' already has a thread named 't'
define process name=p { thread name=t { flowop hog name=h, value=1 }
  thread name=t { flowop hog name=h, value=1 } }
