# expect: 2:8: cannot enable 'foo'
enable foo
