# expect: 4:34: flowop 'r': no fileset or file named 'dta'; did you mean 'data'?
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5
define process name=p { thread name=t {
  flowop read name=r, iosize=8k, filename=dta } }
