# expect: 2:7: 'stats multidump' is not supported: use stats clear, snap, dump FILE or xmldump FILE
stats multidump "f"
