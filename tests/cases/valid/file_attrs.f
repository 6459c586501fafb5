# define file with every attribute; a file is a fileset of exactly one entry
define file name=log, path=/tmp/fbfile, size=1m, prealloc, paralloc=true, reuse,
  trusttree=false, readonly=false, writeonly, cached=true
define file name=bare, path=/tmp/fbfile
define file name=sized, path=/tmp/fbfile, filesize=5g, prealloc=true
define process name=p { thread name=t { flowop appendfile name=a, filename=log, iosize=8k } }
run
#> file /tmp/fbfile/log: 1 files, 0 leaf dirs, size 1048576, 100% preallocated
#>     would reuse /tmp/fbfile/log
#> file /tmp/fbfile/bare: 1 files, 0 leaf dirs, size 1024, 0% preallocated
#>     would remove /tmp/fbfile/bare
#> file /tmp/fbfile/sized: 1 files, 0 leaf dirs, size 5368709120, 100% preallocated
