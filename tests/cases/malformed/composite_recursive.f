# expect: 2:31: unknown flowop type 'c'
define flowop name=c { flowop c name=i }
