# expect: 2:40: ioprio=9 is out of range (0..8)
define process name=p { thread name=t, ioprio=9 { flowop hog name=h, value=1 } }
