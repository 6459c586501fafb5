# expect: 2:40: rate=0: an open-loop rate is at least 1 pass per second
define process name=p { thread name=t, rate=0 { flowop hog name=h, value=1 } }
