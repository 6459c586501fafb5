# FileBench 1.3/1.4 commands: vars, warmup, foreach, create processes, stats, shutdown
set $dir=/tmp/fbclassic
set $secs=3
define fileset name=cs, path=$dir, entries=4, dirwidth=2, prealloc
define process name=p { thread name=t { flowop statfile name=st, filesetname=cs } }
vars
#> $dir  /tmp/fbclassic
#> $secs 3
warmup 2
#> check: run 1 (timed) is valid
foreach $n in 1, 2 {
  echo "iteration $n"
  create processes
  stats clear
  sleep $secs
  stats snap
  stats dump "/tmp/fbclassic-$n.txt"
  stats xmldump "/tmp/fbclassic-$n.json"
  shutdown processes
}
#> iteration 1
#> check: run 1 (timed) is valid
#> iteration 2
#> check: run 2 (timed) is valid
foreach $word in a, "b c" { echo "word $word" }
#> word a
#> word b c
shutdown
