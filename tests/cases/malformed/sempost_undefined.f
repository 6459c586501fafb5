# expect: 3:3: flowop sempost 's': no semblock flowop named 'gate'
define process name=p { thread name=t {
  flowop sempost name=s, target=gate, value=1 } }
define process name=q { thread name=t { flowop hog name=gate, value=1 } }
