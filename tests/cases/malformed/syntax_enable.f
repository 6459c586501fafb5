# expect: 2:8: unexpected number '5', expected word
enable 5
