# expect: 4:31: composite flowop 'c' has no parameter $size
define flowop name=c, $sz=8k { flowop hog name=h, value=$sz }
define process name=p { thread name=t {
  flowop c name=use, iters=2, $size=16k } }
