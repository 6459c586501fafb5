# expect: 2:32: unsupported parameter 'shape'
set $c = cvar(type=cvar-gamma, parameters="mean:1000;shape:2")
