# expect: 3:17: steadystate metric 'iosp': expected iops, bw or p99
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
set steadystate iosp:2%:30s
run 1
