# expect: 2:1: is not supported; run the workload on many hosts with mpirun
domultisync value=1
