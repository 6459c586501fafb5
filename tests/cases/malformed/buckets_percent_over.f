# expect: 2:73: a bucket's percentage is at most 100 (got 130)
define fileset name=s, path=/tmp, entries=10, dirwidth=10, size=buckets(1k:130, 2k:0), prealloc
