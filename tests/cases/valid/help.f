# help: the command list, one command, a flowop type, entities, cvar types
help
help set
help read
help fileset
help thread
help randvar
help cvar
help flowop
#> Commands
#> Set a variable: a number
#> flowop read:
#> Attributes of fileset:
#> dirwidth
#> Attributes of thread:
#> memsize
#> Attributes of randvar:
#> randtable
#> cvar-weibull
#> Flowop types:
#> testrandvar
