# CR LF line endings: a CR is whitespace, so every line still works
# (only the #> lines at the end use LF, so the runner does not look for a CR)
set $n = 3
set $s = "crlf"
echo "n=$n s=$s"
define fileset name=cr, path=/tmp/fbcr, entries=$n, dirwidth=2
define process name=p {
  thread name=t {
    flowop statfile name=st, filesetname=cr
  }
}
run
#> n=3 s=crlf
#>   fileset /tmp/fbcr/cr: 3 files
#>       flowop statfile       st
