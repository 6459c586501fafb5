# asynchronous I/O: aiowrite (random offsets) and aiowait
define file name=db, path=/tmp/fbaio, size=100m, prealloc, reuse
define process name=aio { thread name=t, memsize=1m {
  flowop aiowrite name=aw, filename=db, iosize=2k, random, dsync, workingset=10m, iters=10
  flowop aiowait name=wait
} }
run
#>       flowop aiowrite       aw
#>       flowop aiowait        wait
