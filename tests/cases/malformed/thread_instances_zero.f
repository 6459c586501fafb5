# expect: 3:40: thread 't' needs instances of 1 or more
set $n = 0
define process name=p { thread name=t, instances=$n { flowop hog name=h, value=1 } }
