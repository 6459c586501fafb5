# expect: 2:24: unknown attribute 'priority' for process (see 'help process')
define process name=p, priority=5 { thread name=t { flowop hog name=h, value=1 } }
