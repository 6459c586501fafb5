# expect: 2:6: unexpected number '5', expected word or quoted string
load 5
