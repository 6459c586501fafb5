# expect: 3:17: steadystate window '1s': expected 2 to 86400 seconds
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
set steadystate iops:2%:1s
run 1
