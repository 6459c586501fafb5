# expect: 2:15: eventgen rate wants a number, got 'fast'
eventgen rate=fast
define process name=p { thread name=t { flowop hog name=h, value=1 } }
