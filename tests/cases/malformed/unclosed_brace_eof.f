# expect: 5:4: unexpected end of input
define process name=p {
  thread name=t {
    flowop hog name=h, value=1
  }