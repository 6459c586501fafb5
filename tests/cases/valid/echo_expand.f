# echo: $var and ${var} expansion, adjacent strings, \$ escape, unknown variables
set $who = world
set $n = 3
echo "hello $who"
echo "braces ${who}-${n}"
echo "ab" "cd" "$n"
echo "cost \$n is $n"
echo "unset $nosuch stays"
echo "tab#hash"
#> hello world
#> braces world-3
#> abcd3
#> cost $n is 3
#> unset $nosuch stays
#> tab#hash
