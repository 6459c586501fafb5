# expect: 6:3: unknown command 'sett'
echo "a
b # not a comment
c" # a comment

  sett $x = 1
