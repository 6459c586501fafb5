# other flowops: hog, delay, finishoncount, finishonbytes, print, testrandvar
set mode quit firstdone
set $rv = randvar(type=uniform, min=10, mean=100)
define file name=f, path=/tmp/fbmisc, size=0, prealloc
define process name=m { thread name=t, memsize=1m {
  flowop appendfile name=app, filename=f, iosize=1k
  flowop hog name=burn, value=10000
  flowop delay name=pause, value=0
  flowop print name=say, value="hello from a flowop"
  flowop testrandvar name=trv, value=$rv
  flowop finishoncount name=stop, target=app, value=1000
  flowop finishoncount name=stopall, value=5000
  flowop finishonbytes name=stopb, target=app, value=1m
  flowop finishonbytes name=stopball, value=10m
} }
run
#> check: run 1 (until the workload finishes) is valid; it would:
#>       flowop appendfile     app
#>       flowop hog            burn
#>       flowop delay          pause
#>       flowop print          say
#>       flowop testrandvar    trv
#>       flowop finishoncount  stop
#>       flowop finishoncount  stopall
#>       flowop finishonbytes  stopb
#>       flowop finishonbytes  stopball
