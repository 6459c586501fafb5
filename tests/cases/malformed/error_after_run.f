# expect: 5:1: unknown command 'sett'
define process name=p { thread name=t { flowop hog name=h, value=1 } }
run 1
set $a = 2
sett $b = 3
