# expect: 2:6: cannot list 'bogus'
list bogus
