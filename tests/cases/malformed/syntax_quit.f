# expect: 2:6: unknown command 'now'
quit now
