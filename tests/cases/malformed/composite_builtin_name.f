# expect: 2:1: composite flowop 'read' has the name of a built-in flowop
define flowop name=read { flowop hog name=h, value=1 }
