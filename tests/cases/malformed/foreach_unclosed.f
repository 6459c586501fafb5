# expect: 3:11: unexpected end of input
foreach $v in 1, 2 {
  echo "x"
