# load defines a workload from the library without running it; set changes it after
load varmail
set $nfiles = 50
set $nthreads = 2
list processes
run
#> loaded workload 'varmail'
#> process filereader, instances 1
#>   fileset /tmp/bigfileset: 50 files
#>     thread filereaderthread x2
#>       flowop deletefile     deletefile1
