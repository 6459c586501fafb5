# I/O flowops: read, write, readwholefile, writewholefile, appendfile, appendfilerand
set $dir = /tmp/fbio
define fileset name=data, path=$dir, entries=100, dirwidth=10, size=1m, prealloc
define file name=big, path=$dir, size=1g, prealloc
define process name=io { thread name=t, memsize=4m {
  flowop read name=seqread, filename=big, iosize=1m
  flowop read name=randread, filename=big, iosize=8k, random, workingset=512m, directio, noreadahead
  flowop write name=randwrite, filesetname=big, iosize=8k, random, dsync, iters=4
  flowop write name=seqwrite, filename=big, iosize=64k, fd=3
  flowop openfile name=open1, filesetname=data, fd=1
  flowop readwholefile name=rwf, fd=1, iosize=128k
  flowop writewholefile name=wwf, fd=1, srcfd=1, iosize=0
  flowop appendfile name=app, fd=1, iosize=4k
  flowop appendfilerand name=apprand, fd=1, iosize=16k
  flowop closefile name=close1, fd=1
  flowop readwholefile name=rwhole, filename=data, opennext
} }
run
#>       flowop read           seqread
#>       flowop read           randread
#>       flowop write          randwrite
#>       flowop write          seqwrite
#>       flowop openfile       open1
#>       flowop readwholefile  rwf
#>       flowop writewholefile wwf
#>       flowop appendfile     app
#>       flowop appendfilerand apprand
#>       flowop closefile      close1
#>       flowop readwholefile  rwhole
