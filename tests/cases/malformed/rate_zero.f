# expect: 3:40: rate=0: an open-loop rate is at least 1 pass per second
define file name=f1, path=/tmp, size=1m
define process name=p { thread name=t, rate=0 { flowop read name=r1, filename=f1, iosize=4k } }
run 1
