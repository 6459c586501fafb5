# expect: 2:6: unexpected number '5', expected quoted string
echo 5
