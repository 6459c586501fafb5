# expect: 2:22: criteria: expected a comparison
criteria ops_per_sec 5
