# expect: 2:1: file 'f' needs path=
define file name=f, size=1k
