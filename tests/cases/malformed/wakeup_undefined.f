# expect: 3:3: flowop wakeup 'w': no block flowop named 'sleeper'
define process name=p { thread name=t {
  flowop wakeup name=w, target=sleeper
  flowop block name=sleepr } }
