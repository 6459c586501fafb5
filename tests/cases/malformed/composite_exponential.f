# expect: 67:3: flowop 'top' takes thread 't' past 10000 flowops
# 20 composites, each using the one before twice: 2^20 statfiles. Refused at
# once, by counting, before any is built (it used to exhaust memory).
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
define flowop name=c9 {
  flowop c8 name=a
  flowop c8 name=b }
define flowop name=c10 {
  flowop c9 name=a
  flowop c9 name=b }
define flowop name=c11 {
  flowop c10 name=a
  flowop c10 name=b }
define flowop name=c12 {
  flowop c11 name=a
  flowop c11 name=b }
define flowop name=c13 {
  flowop c12 name=a
  flowop c12 name=b }
define flowop name=c14 {
  flowop c13 name=a
  flowop c13 name=b }
define flowop name=c15 {
  flowop c14 name=a
  flowop c14 name=b }
define flowop name=c16 {
  flowop c15 name=a
  flowop c15 name=b }
define flowop name=c17 {
  flowop c16 name=a
  flowop c16 name=b }
define flowop name=c18 {
  flowop c17 name=a
  flowop c17 name=b }
define flowop name=c19 {
  flowop c18 name=a
  flowop c18 name=b }
define flowop name=c20 {
  flowop c19 name=a
  flowop c19 name=b }
define process name=p { thread name=t {
  flowop c20 name=top } }
