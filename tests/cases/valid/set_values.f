# set: booleans, bare words (paths, cvar names), quoted strings, and $a=$b
set $yes = true
set $no = false
set $dir = /tmp/flowbench-set
set $word = cvar-gamma
set $text = "two words # not a comment"
set $copy = $text
set $n = 5
set $m = $n
set $n = 6
echo "yes=$yes no=$no"
echo "dir=$dir word=$word"
echo "text=$text"
echo "copy=$copy m=$m n=$n"
#> yes=true no=false
#> dir=/tmp/flowbench-set word=cvar-gamma
#> text=two words # not a comment
#> copy=two words # not a comment m=5 n=6
