# run and psrun in every form: no argument, seconds, $variable, +-period, period and length
define process name=p { thread name=t { flowop hog name=h, value=1 } }
set $secs = 5
run
run 10
run $secs
psrun
psrun 5
psrun -5
psrun -5 30
psrun 5 $secs
psrun $secs $secs
#> check: run 1 (timed) is valid
#> check: run 2 (timed) is valid
#> check: run 3 (timed) is valid
#> check: run 4 (timed) is valid
#> check: run 5 (timed) is valid
#> check: run 6 (timed) is valid
#> check: run 7 (timed) is valid
#> check: run 8 (timed) is valid
#> check: run 9 (timed) is valid
