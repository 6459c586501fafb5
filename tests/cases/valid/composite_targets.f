# targets and composites: limit and finish flowops name inner flowops by their
# short name; wakeup and sempost name them by the dotted name of the use
define file name=f, path=/tmp/fbct, size=1m, prealloc
define flowop name=job {
  flowop read name=rd, filename=f, iosize=4k
  flowop block name=nap
  flowop semblock name=gate, value=1
}
define process name=p { thread name=t {
  flowop job name=u
  flowop finishoncount name=fin, target=rd, value=100
  flowop bwlimit name=bw, target=rd
} }
define process name=q { thread name=t {
  flowop wakeup name=wk, target=u.nap
  flowop sempost name=sp, target=u.gate, value=1
} }
eventgen rate=10
run
#>       flowop read           u.rd
#>       flowop block          u.nap
#>       flowop semblock       u.gate
#>       flowop finishoncount  fin
#>       flowop wakeup         wk
