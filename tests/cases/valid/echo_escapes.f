# escapes in quoted strings: \n, \t, \", \\ and \$
set $v = val
echo "line1\nline2"
echo "a\tb"
echo "say \"hi\" to $v"
echo "back\\slash \$v=$v"
#> line1
#> line2
#> a	b
#> say "hi" to val
#> back\slash $v=val
