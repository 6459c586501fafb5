# expect: 2:10: unknown mode 'fast'
set mode fast
