# expect: 2:60: bad number '16kb'
define file name=f, path=/tmp/fbm, size=1k, prealloc, size=16kb
