# quit ends the script: the bad command after it is never executed
define process name=p { thread name=t { flowop hog name=h, value=1 } }
echo "before quit"
quit
set $x = $never_set
echo "after quit"
#> before quit
