# expect: 2:14: unknown attribute 'mastr' for enable multi
enable multi mastr=h1
