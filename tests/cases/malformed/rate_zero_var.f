# expect: 3:24: rate=0: an open-loop rate is at least 1 pass per second
set $r = 0
define process name=p, rate=$r { thread name=t { flowop delay name=d1, value=1 } }
run 1
