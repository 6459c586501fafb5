# synchronisation: block/wakeup and semblock/sempost across processes
define process name=sleeper { thread name=t {
  flowop block name=nap
  flowop semblock name=gate, value=10, highwater=100
} }
define process name=waker { thread name=t {
  flowop hog name=work, value=1000
  flowop wakeup name=rouse, target=nap
  flowop sempost name=post, target=gate, value=1, blocking
  flowop sempost name=post2, target=gate, value=2
} }
run
#>   process sleeper x1
#>       flowop block          nap
#>       flowop semblock       gate
#>   process waker x1
#>       flowop hog            work
#>       flowop wakeup         rouse
#>       flowop sempost        post
#>       flowop sempost        post2
