# expect: 3:43: variable $nfiles is not set
define fileset name=data, path=/tmp/fbm, dirwidth=5,
                                  entries=$nfiles
define process name=p { thread name=t { flowop hog name=h, value=1 } }
