# expect: 3:7: no process named 'writr' to run; did you mean 'writer'?
define process name=writer { thread name=t { flowop hog name=h, value=1 } }
run 1 writr
