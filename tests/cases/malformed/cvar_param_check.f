# expect: 2:32: gamma must not be 0
set $c = cvar(type=cvar-gamma, parameters="mean:100;gamma:0")
