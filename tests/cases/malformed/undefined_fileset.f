# expect: 3:61: flowop 'r': no fileset or file named 'nosuch'
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5
define process name=p { thread name=t { flowop read name=r, filename=nosuch, iosize=8k } }
