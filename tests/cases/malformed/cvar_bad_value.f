# expect: 2:32: parameter 'mean': 'big' is not a finite number
set $c = cvar(type=cvar-gamma, parameters="mean:big")
