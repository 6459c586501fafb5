# expect: 4:3: composite parameter $n has no value at this use
define flowop name=c, $n { flowop hog name=h, value=$n }
define process name=p { thread name=t {
  flowop c name=use } }
