# expect: 3:7: psrun period must be at least 1 second
define process name=p { thread name=t { flowop hog name=h, value=1 } }
psrun 0
