# expect: 2:8: expected 'files' or 'fileset'
create processes
