#!/usr/bin/env bash
# test_seed_workloads.sh FLOWBENCH: the seed-tool workloads do one operation
# where their tool does one: each PostMark transaction is exactly one read or
# append and exactly one create or delete, and each Vdbench transfer slot is
# exactly one read or write (choose composites, not independent coins); each
# bonnie phase makes exactly bonnie++'s calls, fsyncs and closes the file
# inside the phase, as bonnie++ does, and rewrites and updates the block it
# just read; bonnie-table.py makes bonnie++'s table and CSV line of a run.
# PART (all by default): runs (all but one check), or csv2txt (the table read back by
# bon_csv2txt, Debian's bonnie++).
set -u
fb=$(realpath "$1")
part=${2:-all}
T=$(mktemp -d /dev/shm/fbseed.XXXXXX)
trap 'rm -rf "$T"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
in_part csv2txt && need bon_csv2txt

if in_part runs; then
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
fi

# bonnie: 4 MiB in 8 KiB blocks, 16 KiB a byte at a time, 400 seeks.
mkdir "$T/bo"
"$fb" --quiet -f bonnie -D dir="$T/bo" -D filesize=4m -D charsize=16k -D nfiles=50 -D nseeks=400 \
    --latency-log "$T/bo.lat" --json "$T/bo.json" > "$T/bo.out" 2>&1
expect_eq bonnie_exit "$?" 0
if in_part runs; then
python3 - "$T/bo.json" <<'EOF' && ok || bad bonnie_phases "$(tail -3 "$T/bo.out")"
import json, sys
runs = [{f["name"]: (f["ops"], f["bytes"]) for f in r["flowops"]} for r in json.load(open(sys.argv[1]))["runs"]]
_, putc, blockwrite, rewrite, getc, blockread = runs[:6]
assert putc["putc"] == (16384, 16384) and putc["putcsync"][0] == 1 and putc["putcclose"][0] == 1, putc
assert blockwrite["blockwrite"] == (512, 4 << 20) and blockwrite["blockwritesync"][0] == 1, blockwrite
assert rewrite["rewrite.read"] == rewrite["rewrite.write"] == (512, 4 << 20), rewrite
assert rewrite["rewritesync"][0] == 1 and rewrite["rewriteclose"][0] == 1, rewrite
assert getc["getc"] == (16384, 16384) and blockread["blockread"] == (512, 4 << 20), (getc, blockread)
assert getc["getcsync"][0] == 1 and blockread["blockreadsync"][0] == 1, (getc, blockread)
EOF

# Each rewrite write and each seek update lands on the block its thread just read
# (bonnie++: read, lseek back, write), op by op in the latency log of the phase;
# the rewrite covers every block once, and the 5 seekers share one pool of 400
# reads (each checks it after a pass of 10 reads and a write: at most 5 passes over).
python3 - "$T/bo.lat" <<'EOF' && ok || bad bonnie_same_block "see above"
import csv, sys
def ops(run):
    return list(csv.DictReader(open(f"{sys.argv[1]}.run-{run}")))
def back(rows, rd, wr):
    last, n = {}, 0
    for r in rows:
        if r["flowop"] == rd:
            last[r["thread"]] = r["offset"]
        elif r["flowop"] == wr:
            assert last.get(r["thread"]) == r["offset"], (wr, r, last.get(r["thread"]))
            n += 1
    return n
rw = ops(4)
assert back(rw, "rewrite.read", "rewrite.write") == 512
assert sorted(int(r["offset"]) // 8192 for r in rw if r["flowop"] == "rewrite.write") == list(range(512))
sk = ops(7)
reads = sum(r["flowop"] == "seekread" for r in sk)
assert 400 <= reads <= 400 + 5 * 10 and back(sk, "seekread", "seekwrite") * 10 <= reads, reads
assert len({r["offset"] for r in sk if r["flowop"] == "seekread"}) > 100, "seeks not random"
EOF
fi

# bonnie-table.py: bonnie++'s CSV line (format 1.98, 50 fields) from the JSON,
# which bon_csv2txt (Debian's bonnie++) reads back (the csv2txt part).
python3 "$(dirname "${BASH_SOURCE[0]}")/../workloads/bonnie-table.py" "$T/bo.json" fbtest > "$T/bo.table"
expect_eq bonnie_table_exit "$?" 0
line=$(tail -1 "$T/bo.table")
expect_eq bonnie_csv_fields "$(echo "$line" | awk -F, '{ print NF, $1, $3, $6, $8, $9 }')" "50 1.98 fbtest 4M 400 5"
expect_eq bonnie_text_rows "$(grep -c '^Latency' "$T/bo.table")" 2
if in_part csv2txt; then
    expect_eq bonnie_csv2txt "$(echo "$line" | bon_csv2txt 2>&1 | grep -c '^fbtest')" 2
fi

summary
