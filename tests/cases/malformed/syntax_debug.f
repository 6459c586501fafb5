# expect: 2:7: unexpected word 'high', expected number
debug high
