# expect: 2:14: overflow in 17592186044416 * 17592186044416
set $n = 16t * 16t
