# expect: 2:8: unexpected word 'foo'
define foo name=a
