# expect: 2:23: unexpected 'thread', expected '{'
define process name=p thread name=t { flowop hog name=h, value=1 } }
