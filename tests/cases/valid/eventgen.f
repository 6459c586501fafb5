# eventgen: bare, with a number, and with a variable read when the run starts
eventgen
eventgen rate=10
eventgen rate=$rate
define process name=p { thread name=t { flowop eventlimit name=ev
  flowop hog name=h, value=1 } }
set $rate = 250
run
#> check: run 1 (timed) is valid; it would:
#>       flowop eventlimit     ev
