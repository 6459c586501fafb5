# expect: 3:17: steadystate limit '2': expected a percentage above 0 and below 100
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
set steadystate iops:2:30s
run 1
