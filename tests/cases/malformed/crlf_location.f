# expect: 4:3: unknown attribute 'sizze' for file; did you mean 'size'?
set $a = 1
define file name=f, path=/tmp/fbm,
  sizze=1k
