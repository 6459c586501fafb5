# set mode nousestats is accepted and changes nothing
set mode nousestats
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run 5
#> check: run 1 (timed) is valid; it would:
#>   process p x1
