# usage "text" adds a line (expanded when shown); usage alone prints them
set $nfiles = 100
usage "set \$nfiles to change the file count"
usage "files: $nfiles"
set $nfiles = 200
usage
#> set $nfiles to change the file count
#> files: 200
