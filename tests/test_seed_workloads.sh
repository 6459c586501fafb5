#!/usr/bin/env bash
# test_seed_workloads.sh FLOWBENCH: the seed-tool workloads do one operation
# where their tool does one: each PostMark transaction is exactly one read or
# append and exactly one create or delete, and each Vdbench transfer slot is
# exactly one read or write (choose composites, not independent coins); each
# bonnie phase makes exactly bonnie++'s calls, and its write phases fsync
# and close the file inside the phase, as bonnie++ does.
set -u
fb=$(realpath "$1")
T=$(mktemp -d /dev/shm/fbseed.XXXXXX)
trap 'rm -rf "$T"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# PostMark: 50 files, 300 transactions, biases 30% read and 70% create. Each
# half sums to the transactions exactly, both sides of each half run, and
# the pool left for the last phase is what the creates and deletes made it.
mkdir "$T/pm"
"$fb" --quiet -f postmark -D dir="$T/pm" -D nfiles=50 -D transactions=300 -D readpct=30 -D createpct=70 \
    --json "$T/pm.json" > "$T/pm.out" 2>&1
expect_eq postmark_exit "$?" 0
python3 - "$T/pm.json" <<'EOF' && ok || bad postmark_transactions "$(tail -3 "$T/pm.out")"
import json, sys
runs = [{f["name"]: f["ops"] for f in r["flowops"]} for r in json.load(open(sys.argv[1]))["runs"]]
pool, tx, rest = runs
reads, appends = tx["ra.read.open"], tx["ra.append.open"]
creates, deletes = tx["cd.create.create"], tx["cd.delete"]
assert reads + appends == 300 and creates + deletes == 300, tx
assert 0 < reads < appends and 0 < deletes < creates, tx       # 30% reads, 70% creates
assert 40 < reads < 140 and 160 < creates < 260, tx             # well inside the binomial's spread
assert rest["delete"] == 50 + creates - deletes, (rest, tx)
EOF

# Vdbench: each slot of a file visit is one transfer: the reads and writes of
# the visits closed are $stopafter each, at 90/10.
mkdir "$T/vd"
"$fb" --quiet -f vdbench-bigfiles -D dir="$T/vd" -D nfiles=4 -D filesize=1m -D xfersize=4k -D nthreads=1 \
    -D stopafter=10 -D elapsed=1 --json "$T/vd.json" > "$T/vd.out" 2>&1
expect_eq vdbench_exit "$?" 0
python3 - "$T/vd.json" <<'EOF' && ok || bad vdbench_slots "$(tail -3 "$T/vd.out")"
import json, sys
rows = {f["name"]: f["ops"] for f in json.load(open(sys.argv[1]))["runs"][1]["flowops"]}
xfers = rows["xfer.read"] + rows["xfer.write"]
# one thread: every visit but the last is closed, and has exactly 10 slots
assert rows["close"] * 10 <= xfers <= rows["open"] * 10 and rows["open"] - rows["close"] <= 1, rows
assert rows["close"] >= 10 and 0.85 < rows["xfer.read"] / xfers < 0.95, rows
EOF

# bonnie: 4 MiB in 8 KiB blocks, 16 KiB a byte at a time.
mkdir "$T/bo"
"$fb" --quiet -f bonnie -D dir="$T/bo" -D filesize=4m -D charsize=16k -D nfiles=50 -D nseeks=100 \
    --json "$T/bo.json" > "$T/bo.out" 2>&1
expect_eq bonnie_exit "$?" 0
python3 - "$T/bo.json" <<'EOF' && ok || bad bonnie_phases "$(tail -3 "$T/bo.out")"
import json, sys
runs = [{f["name"]: (f["ops"], f["bytes"]) for f in r["flowops"]} for r in json.load(open(sys.argv[1]))["runs"]]
_, putc, blockwrite, rewrite, getc, blockread = runs[:6]
assert putc["putc"] == (16384, 16384) and putc["putcsync"][0] == 1 and putc["putcclose"][0] == 1, putc
assert blockwrite["blockwrite"] == (512, 4 << 20) and blockwrite["blockwritesync"][0] == 1, blockwrite
assert rewrite["rewrite.read"] == rewrite["rewrite.write"] == (512, 4 << 20), rewrite
assert rewrite["rewritesync"][0] == 1 and rewrite["rewriteclose"][0] == 1, rewrite
assert getc["getc"] == (16384, 16384) and blockread["blockread"] == (512, 4 << 20), (getc, blockread)
EOF

summary
