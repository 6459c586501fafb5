# expect: 4:3: flowop finishonbytes 'f': target 'h' neither reads nor writes
define process name=p { thread name=t {
  flowop hog name=h, value=1
  flowop finishonbytes name=f, target=h, value=5 } }
