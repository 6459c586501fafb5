# expect: 2:15: unexpected number '5'
eventgen rate 5
