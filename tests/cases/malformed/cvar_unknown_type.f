# expect: 2:15: unknown cvar type 'cvar-gama'
set $c = cvar(type=cvar-gama, parameters="mean:1000")
