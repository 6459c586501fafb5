# expect: 5:41: flowop wakeup 'w': no block flowop named 'nap'
define flowop name=job { flowop block name=nap }
define process name=p { thread name=t { flowop job name=u } }
# a wakeup names a block inside a composite by its dotted name (u.nap)
define process name=q { thread name=t { flowop wakeup name=w, target=nap } }
