# rate limits against the event generator: eventlimit, iopslimit, opslimit, bwlimit
eventgen rate=100
define file name=f, path=/tmp/fblim, size=1m, prealloc
define process name=lim { thread name=t {
  flowop read name=r, filename=f, iosize=4k
  flowop eventlimit name=ev
  flowop iopslimit name=iops, target=r
  flowop iopslimit name=iopsall
  flowop opslimit name=ops
  flowop bwlimit name=bw, target=r
  flowop bwlimit name=bwall
} }
run
#>       flowop read           r
#>       flowop eventlimit     ev
#>       flowop iopslimit      iops
#>       flowop iopslimit      iopsall
#>       flowop opslimit       ops
#>       flowop bwlimit        bw
#>       flowop bwlimit        bwall
