# set: plain integers, leading zeros and the one-letter suffixes k m g t (either case)
set $plain = 42
set $zeros = 007
set $k = 16k
set $m = 2m
set $g = 3g
set $t = 1t
set $upper = 2G
echo "plain=$plain zeros=$zeros"
echo "k=$k m=$m"
echo "g=$g t=$t upper=$upper"
#> plain=42 zeros=7
#> k=16384 m=2097152
#> g=3221225472 t=1099511627776 upper=2147483648
