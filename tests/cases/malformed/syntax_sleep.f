# expect: 2:7: unexpected word 'abc', expected number or variable
sleep abc
