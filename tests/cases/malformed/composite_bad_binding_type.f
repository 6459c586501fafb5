# expect: 5:25: got 'lots'
# a binding of the wrong type is reported at the use that makes it
define flowop name=spin, $n { flowop hog name=h, value=$n }
define process name=p { thread name=t {
  flowop spin name=bad, $n=lots
  flowop spin name=good, $n=5 } }
