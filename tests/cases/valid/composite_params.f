# composite parameters: declared ($f), with a default ($sz=8k, $to=...), bound at
# the use to a value ($f=src) or to a global ($f=$g, read when the run starts).
# The default 'nowhere' names no fileset: the check passes only if every use's
# binding replaces it.
set $dir = /tmp/fbcl
define fileset name=src, path=$dir, entries=10, dirwidth=5, prealloc
define fileset name=dst, path=$dir, entries=10, dirwidth=5
define flowop name=copy, $f=nowhere, $to=dst, $sz=8k {
  flowop openfile name=o, filesetname=$f, fd=1
  flowop readwholefile name=r, fd=1, iosize=$sz
  flowop createfile name=c, filesetname=$to, fd=2
  flowop writewholefile name=w, fd=2, srcfd=1, iosize=$sz
  flowop closefile name=c1, fd=1
  flowop closefile name=c2, fd=2
}
define process name=p { thread name=t {
  flowop copy name=lit, $f=src
  flowop copy name=glob, $f=$g, $to=$g, $sz=1m
} }
set $g = src
run
#>       flowop openfile       lit.o
#>       flowop readwholefile  lit.r
#>       flowop createfile     lit.c
#>       flowop writewholefile lit.w
#>       flowop closefile      lit.c1
#>       flowop closefile      lit.c2
#>       flowop openfile       glob.o
#>       flowop closefile      glob.c2
