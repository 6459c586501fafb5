# expect: 2:14: criteria: expected a flowop's name at the end of the expression
criteria p99(
