# expect: 3:17: steadystate 'warmup=soon': expected warmup=SECONDS
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
set steadystate "iops:2%:30s:warmup=soon"
run 1
