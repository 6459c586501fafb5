# rate= on a process (its threads' default) and on a thread (over it); set steadystate
set $r = 250
define process name=client, rate=100 {
  thread name=inherits { flowop delay name=d1, value=1 }
  thread name=own, rate=$r, instances=2 { flowop delay name=d2, value=1 }
}
define process name=closed { thread name=plain { flowop delay name=d3, value=1 } }
set steadystate "p99:5%:30s:warmup=10s"
run 60
#>   process client x1
#>     thread inherits x1, open loop: 100 passes/s each
#>     thread own x2, open loop: 250 passes/s each
#>   process closed x1
#>     thread plain x1
#>   would end early once steady: p99:5%:30s:warmup=10s
