# expect: 2:10: unknown command 'now'
shutdown now
