# expect: 4:3: flowop finishoncount 'f': target 'wrte' is not a flowop of thread 't'
define process name=p { thread name=t {
  flowop hog name=write, value=1
  flowop finishoncount name=f, target=wrte, value=10 } }
