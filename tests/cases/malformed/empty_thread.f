# expect: 3:19: unexpected '}', expected 'flowop'
define process name=p {
  thread name=t { }
}
