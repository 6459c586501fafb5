# expect: 2:1: is not supported; run the workload on many hosts with mpirun
enable multi master=host1, client=c1
