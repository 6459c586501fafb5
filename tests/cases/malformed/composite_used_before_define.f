# expect: 2:48: unknown flowop type 'copy'
define process name=p { thread name=t { flowop copy name=u } }
define flowop name=copy { flowop hog name=h, value=1 }
