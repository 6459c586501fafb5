# set mode quit decides how a run without a length ends
define process name=p { thread name=t { flowop hog name=h, value=10 } }
run
set mode quit firstdone
run
set mode quit alldone
run
set mode quit timeout
run
#> check: run 1 (timed) is valid
#> check: run 2 (until the workload finishes) is valid
#> check: run 3 (until the workload finishes) is valid
#> check: run 4 (timed) is valid
