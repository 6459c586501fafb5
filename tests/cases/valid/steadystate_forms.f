# set steadystate: unquoted without a warm-up, minutes, and off again
define process name=p { thread name=t { flowop delay name=d1, value=1 } }
set steadystate bw:0.5%:2m
run 5
set steadystate off
run 5
#>   would end early once steady: bw:0.5%:120s:warmup=0s
#> check: run 2
