# expect: 2:1: unexpected 'thread'
thread name=t { flowop hog name=h, value=1 }
