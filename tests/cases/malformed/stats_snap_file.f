# expect: 2:12: 'stats snap' takes no file
stats snap "x"
