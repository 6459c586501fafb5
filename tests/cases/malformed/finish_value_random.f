# expect: 4:42: flowop finishoncount 'f' wants a fixed number for value=
set $x = randvar(type=uniform, min=1, mean=5)
define process name=p { thread name=t {
  flowop finishoncount name=f, target=f, value=$x } }
