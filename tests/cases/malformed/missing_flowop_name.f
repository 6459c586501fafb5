# expect: 2:41: flowop needs name=
define process name=p { thread name=t { flowop hog value=1 } }
