# expect: 3:6: unterminated quoted string
echo "fine"
echo "no end
set $a = 1
