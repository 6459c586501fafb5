# expect: 2:45: rate takes no negative number
define process name=p { thread name=t, rate=-5 { flowop delay name=d1, value=1 } }
run 1
