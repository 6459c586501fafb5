# expect: 2:39: unknown attribute 'entries' for file
define file name=data, path=/tmp/fbm, entries=10
define process name=p { thread name=t { flowop hog name=h, value=1 } }
