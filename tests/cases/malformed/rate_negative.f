# expect: 2:45: unexpected '-'
define process name=p { thread name=t, rate=-5 { flowop delay name=d1, value=1 } }
run 1
