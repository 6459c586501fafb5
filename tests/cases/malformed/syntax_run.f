# expect: 2:5: unexpected '-'
run -5
