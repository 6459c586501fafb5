# expect: 2:13: unexpected number '5'
domultisync 5
