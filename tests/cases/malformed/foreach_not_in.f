# expect: 2:12: unexpected word after 'foreach $var' 'of'; expected 'in'
foreach $v of 1 { echo "x" }
