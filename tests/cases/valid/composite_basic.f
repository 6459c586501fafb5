# composite flowop without parameters; iters on the definition and the use;
# attributes may also follow the closing brace
define fileset name=set1, path=/tmp/fbco, entries=100, dirwidth=10, prealloc
define flowop name=rmw, iters=5 {
  flowop openfile name=open, filesetname=set1, fd=1
  flowop readwholefile name=read, fd=1, iosize=1m
  flowop closefile name=close, fd=1
}
define flowop name=stat2 {
  flowop statfile name=s, filesetname=set1
} iters=2
define process name=p { thread name=t {
  flowop rmw name=job, iters=3
  flowop rmw name=job2
  flowop stat2 name=st
} }
list flowops
run
#> composite rmw
#>   flowop openfile      open  set1
#> composite stat2
#> process p, thread t
#>   flowop rmw           job
#>       flowop openfile       job.open
#>       flowop readwholefile  job.read
#>       flowop closefile      job.close
#>       flowop openfile       job2.open
#>       flowop statfile       st.s
