# expect: 4:38: unknown attribute 'iosiz' for flowop; did you mean 'iosize'?
define file name=f, path=/tmp/fbm, prealloc
define process name=p { thread name=t {
  flowop read name=r, filesetname=f, iosiz=8k } }
