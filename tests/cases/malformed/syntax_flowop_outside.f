# expect: 2:1: unexpected 'flowop'
flowop hog name=h, value=1
