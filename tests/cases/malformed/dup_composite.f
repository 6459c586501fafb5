# expect: 3:1: composite flowop 'c' is already defined (at 
define flowop name=c { flowop hog name=h, value=1 }
define flowop name=c { flowop delay name=d, value=1 }
