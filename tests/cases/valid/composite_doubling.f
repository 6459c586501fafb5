# 8 composites, each using the one before twice: 256 statfiles, 511 flowops
# in all, well inside the bound of 100000 per thread.
define fileset name=fs, path=/tmp/fbchain, entries=4, dirwidth=4, prealloc
define flowop name=c0 { flowop statfile name=s, filesetname=fs }
define flowop name=c1 {
  flowop c0 name=a
  flowop c0 name=b }
define flowop name=c2 {
  flowop c1 name=a
  flowop c1 name=b }
define flowop name=c3 {
  flowop c2 name=a
  flowop c2 name=b }
define flowop name=c4 {
  flowop c3 name=a
  flowop c3 name=b }
define flowop name=c5 {
  flowop c4 name=a
  flowop c4 name=b }
define flowop name=c6 {
  flowop c5 name=a
  flowop c5 name=b }
define flowop name=c7 {
  flowop c6 name=a
  flowop c6 name=b }
define flowop name=c8 {
  flowop c7 name=a
  flowop c7 name=b }
define process name=p { thread name=t {
  flowop c8 name=top } }
run
#>       flowop statfile       top.a.a.a.a.a.a.a.a.s
#>       flowop statfile       top.a.a.a.a.a.a.a.b.s
#>       flowop statfile       top.b.b.b.b.b.b.b.b.s
