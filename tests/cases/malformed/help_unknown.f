# expect: 2:6: no help on 'nosuch'
help nosuch
