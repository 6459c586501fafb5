# expect: 2:7: 'stats dump' needs a file
stats dump
