# expect: 2:8: expected 'files' or 'fileset' or 'process'
create threads
