# expect: 3:41: flowop makedir 'm': fileset 'data' has no leafdirs
define fileset name=data, path=/tmp/fbm, entries=10, dirwidth=5
define process name=p { thread name=t { flowop makedir name=m, filename=data } }
