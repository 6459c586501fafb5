# expect: 3:3: flowop iopslimit 'l': target 'h' neither reads nor writes
define process name=p { thread name=t { flowop hog name=h, value=1
  flowop iopslimit name=l, target=h } }
