# process and thread attributes
set $nt = 4
define process name=db, instances=3, nice=5 {
  thread name=writer, instances=$nt, memsize=10m, useism, ioprio=2 {
    flowop hog name=h1, value=100
  }
  thread name=reader, memsize=1m, useism=false, ioprio=8 {
    flowop hog name=h2, value=100
  }
}
define process name=solo { thread name=only { flowop delay name=d, value=1 } }
run
#>   process db x3
#>     thread writer x4
#>       flowop hog            h1
#>     thread reader x1
#>       flowop hog            h2
#>   process solo x1
#>     thread only x1
#>       flowop delay          d
