# expect: 3:17: steadystate 'iops:2%': expected METRIC:LIMIT%:WINDOW[:warmup=SECONDS]
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
set steadystate iops:2%
run 1
