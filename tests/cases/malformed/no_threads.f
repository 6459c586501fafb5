# expect: 2:25: unexpected '}', expected 'thread'
define process name=p { }
