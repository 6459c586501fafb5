# expect: 3:5: variable $secs is not set
define process name=p { thread name=t { flowop hog name=h, value=1 } }
run $secs
