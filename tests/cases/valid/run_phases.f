define fileset name=fs, path=/tmp/fbv, entries=5, dirwidth=5
define process name=writer { thread name=t { flowop createfile name=c, filesetname=fs } }
define process name=reader { thread name=t { flowop statfile name=s, filesetname=fs } }
run 1 writer
run 2 reader, writer
#> check: run 1
#> check: run 2
