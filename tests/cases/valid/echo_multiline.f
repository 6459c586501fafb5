# a newline inside quotes is dropped; several commands may share a line
echo "one
two"
set $a = 1 set $b = 2 echo "a=$a b=$b"
echo
  "spread over"
  " lines"
#> onetwo
#> a=1 b=2
#> spread over lines
