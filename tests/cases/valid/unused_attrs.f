# a flowop accepts attributes it does not use (contract 3.5: "unused ones are
# accepted silently"), including a target that names no flowop
define file name=f, path=/tmp/fbun, size=1m, prealloc
define process name=p { thread name=t {
  flowop read name=r, filename=f, iosize=4k, target=nosuch, blocking, highwater=5
  flowop hog name=h, value=10, iosize=8k, random, dsync, workingset=1m, indexed=3
  flowop delay name=d, value=0, fd=3, srcfd=2, opennext, noreadahead, directio
} }
run
#>       flowop read           r
#>       flowop hog            h
#>       flowop delay          d
