# a choose composite (weights, a default weight of 1, weight 0, a composite as
# a choice, weights bound at the use) and bucket lists for sizes
set $dir=/tmp
set $sizes = buckets(4k:30, 64k:50, 1m:20)
define fileset name=data, path=$dir, entries=100, dirwidth=10, size=buckets(1k:30,4k:50,16k:20), prealloc
define flowop name=rmw { flowop read name=rd, filesetname=data, iosize=8k
  flowop write name=wr, filesetname=data, iosize=8k }
define flowop name=mix, choose, $wr=20
{
  flowop read name=r1, filesetname=data, iosize=$sizes, random, weight=70
  flowop write name=w1, filesetname=data, iosize=8k, random, weight=$wr
  flowop statfile name=s1, filesetname=data
  flowop statfile name=s0, filesetname=data, weight=0
  flowop rmw name=both, weight=9
}
define flowop name=halves { flowop statfile name=s, filesetname=data } choose
define process name=p { thread name=t {
  flowop mix name=m, iters=10
  flowop mix name=m2, $wr=0
  flowop halves name=h
} }
list flowops
run
#> composite mix, choose (one flowop a pass, by weight)
#> composite halves, choose (one flowop a pass, by weight)
#> fileset /tmp/data: 100 files, 0 leaf dirs, size bucket list, mean 5632, 100% preallocated
#>       flowop read           m.r1 (weight 70 of 100: 70.0% of the picks; 7 runs a pass)
#>       flowop write          m.w1 (weight 20 of 100: 20.0% of the picks; 2 runs a pass)
#>       flowop statfile       m.s1 (weight 1 of 100: 1.0% of the picks; 0.1 runs a pass)
#>       flowop statfile       m.s0 (weight 0 of 100: 0.0% of the picks; 0 runs a pass)
#>       flowop read           m.both.rd (0.9 runs a pass)
#>       flowop read           m2.r1 (weight 70 of 80: 87.5% of the picks; 0.875 runs a pass)
#>       flowop statfile       h.s (weight 1 of 1: 100.0% of the picks; 1 runs a pass)
