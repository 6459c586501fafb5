# expect: 2:9: unexpected number '2'
version 2
