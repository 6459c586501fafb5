# expect: 2:6: unexpected number '5'
help 5
