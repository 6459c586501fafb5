# expect: 6:25: no fileset or file named 'nosuch'
# a wrong binding is reported at the use that makes it, not inside the composite
define fileset name=real, path=/tmp/fbm, entries=1, dirwidth=1
define flowop name=look, $f { flowop statfile name=st, filesetname=$f }
define process name=p { thread name=t {
  flowop look name=bad, $f=nosuch
  flowop look name=good, $f=real } }
