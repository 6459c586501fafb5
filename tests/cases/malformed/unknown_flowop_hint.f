# expect: 3:12: unknown flowop type 'raed'; did you mean 'read'?
define process name=p { thread name=t {
    flowop raed name=r, filename=f, iosize=8k } }
