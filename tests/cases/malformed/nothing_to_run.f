# expect: 2:1: nothing to run: no process is defined
run 5
