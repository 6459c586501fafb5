# expect: 2:6: unexpected number '5'
list 5
