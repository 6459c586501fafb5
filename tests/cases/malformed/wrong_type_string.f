# expect: 2:50: entries wants a number, got 'many'
define fileset name=data, path=/tmp/fbm, entries=many, dirwidth=5
define process name=p { thread name=t { flowop hog name=h, value=1 } }
