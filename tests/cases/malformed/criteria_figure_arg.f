# expect: 2:17: criteria: this figure takes no flowop
criteria seconds(r1) > 1
