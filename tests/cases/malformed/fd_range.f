# expect: 2:66: fd=129 is out of range (0..128)
define process name=p { thread name=t { flowop closefile name=c, fd=129 } }
