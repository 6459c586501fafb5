# expect: 3:1: unexpected 'define', expected word or variable
define fileset name=a, path=/tmp/fbm,
define fileset name=b, path=/tmp/fbm, entries=1, dirwidth=1
