# expect: 2:69: $x: only composite flowops take $parameters
define process name=p { thread name=t { flowop hog name=h, value=1, $x=2 } }
