# expect: 2:11: unexpected number '7'
psrun 5 6 7
