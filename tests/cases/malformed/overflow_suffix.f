# expect: 2:41: number '17179869184g' is too large
define file name=f, path=/tmp/fbm, size=17179869184g
