# expect: 2:5: unexpected word after 'set' 'mood'; expected 'mode'
set mood quit firstdone
