# expect: 2:1: unknown command 'frobnicate' (try 'help')
frobnicate
