# a composite's name and parameters may follow the closing brace; a composite may be
# named like a command word; the use's iters counts
define flowop iters=2 {
  flowop hog name=h, value=$x
} name=spin, $x=5
define flowop name=set { flowop delay name=d, value=0 }
define process name=p { thread name=t {
  flowop spin name=u
  flowop set name=v, iters=4
} }
list flowops
run
#> composite spin
#> composite set
#>       flowop hog            u.h
#>       flowop delay          v.d
