# expect: 2:8: unexpected word 'ls', expected quoted string
system ls
