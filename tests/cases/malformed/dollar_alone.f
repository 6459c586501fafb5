# expect: 2:21: expected a variable name after '$'
define file name=f, $ = 1
