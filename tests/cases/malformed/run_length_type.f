# expect: 4:5: run length wants a number, got 'long'
set $len = long
define process name=p { thread name=t { flowop hog name=h, value=1 } }
run $len
