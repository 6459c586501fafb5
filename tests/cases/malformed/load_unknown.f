# expect: 2:6: no workload 'nosuchworkload'
load nosuchworkload
