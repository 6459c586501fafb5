# expect: 2:40: rate=20000000 is out of range (0..10000000)
define process name=p { thread name=t, rate=20000000 { flowop delay name=d1, value=1 } }
run 1
