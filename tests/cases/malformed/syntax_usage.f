# expect: 2:7: unexpected number '5'
usage 5
