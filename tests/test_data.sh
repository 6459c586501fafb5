#!/usr/bin/env bash
# test_data.sh BIN: the bytes writes and pre-allocation put in real files:
# random by default (gzip cannot shrink them), pattern=zero and 0xHEX exactly,
# compress=PCT and dedupe=PCT about as asked, and the same seed, the same bytes.
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-data.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# within NAME VALUE LO HI: LO <= VALUE <= HI (integers)
within() { if [ "$2" -ge "$3" ] && [ "$2" -le "$4" ]; then ok; else bad "$1" "$2 not in [$3, $4]"; fi; }

# gz_pct FILE: gzip -1 output as a percentage of the input
gz_pct() { echo $(($(gzip -1 -c "$1" | wc -c) * 100 / $(stat -c %s "$1"))); }
# unique_pct FILE: distinct 4 KiB blocks as a percentage of all blocks
unique_pct() {
    python3 - "$1" <<'PY'
import hashlib, sys
d = open(sys.argv[1], "rb").read()
blocks = [hashlib.sha1(d[i:i + 4096]).digest() for i in range(0, len(d), 4096)]
print(len(set(blocks)) * 100 // len(blocks))
PY
}

# make_file NAME FSATTRS WRITEATTRS: a 4 MiB file pre-allocated with FSATTRS, then
# (when WRITEATTRS is not "none") written whole once, 64 KiB at a time, with
# WRITEATTRS; sets $f to the file's path.
make_file() {
    local name=$1 fsattrs=$2 wattrs=$3 d=$top/$1 ops
    mkdir -p "$d"
    ops="flowop statfile name=s, filesetname=f
  flowop finishoncount name=done, value=1, target=s"
    [ "$wattrs" = none ] || ops="flowop writewholefile name=w, filesetname=f, iosize=64k$wattrs
  flowop finishoncount name=done, value=1, target=w"
    cat >"$d/w.f" <<F
define file name=f, path=$d, size=4m, prealloc$fsattrs
define process name=p { thread name=t {
  $ops } }
run 30
F
    if ! "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"; then
        bad "$name" "run failed: $(tail -3 "$d/err")"
        return 1
    fi
    f=$d/f/00000001/00000001
}

# ---- defaults: random, for pre-allocation and for writes ----
make_file prealloc_default "" none && within prealloc_default_gzip "$(gz_pct "$f")" 95 200
make_file write_default ", pattern=zero" "" && within write_default_gzip "$(gz_pct "$f")" 95 200
make_file write_default_unique ", pattern=zero" "" && within write_default_unique "$(unique_pct "$f")" 100 100

# ---- pattern=zero and 0xHEX: exactly those bytes ----
make_file prealloc_zero ", pattern=zero" none && within prealloc_zero_gzip "$(gz_pct "$f")" 0 4
make_file write_zero "" ", pattern=zero" && within write_zero_gzip "$(gz_pct "$f")" 0 4
make_file write_zero_bytes "" ", pattern=zero" && within write_zero_bytes "$(tr -d '\0' <"$f" | wc -c)" 0 0
hexcheck() {
    python3 - "$1" "$2" <<'PY'
import sys
d, want = open(sys.argv[1], "rb").read(), bytes.fromhex(sys.argv[2])
exp = (want * (len(d) // len(want) + 1))[:len(d)]
print(1 if d == exp and len(d) == 4 << 20 else 0)
PY
}
make_file write_hex "" ", pattern=0x0123456789ABCDEF" && within write_hex "$(hexcheck "$f" 0123456789abcdef)" 1 1
make_file prealloc_hex ", pattern=0xA5" none && within prealloc_hex "$(hexcheck "$f" a5)" 1 1
# a thread's pattern is its flowops' unless they say otherwise
d=$top/thread && mkdir -p "$d"
cat >"$d/w.f" <<F
define file name=f, path=$d, size=1m, prealloc
define process name=p { thread name=t, pattern=0x5a {
  flowop writewholefile name=w, filesetname=f, iosize=64k
  flowop finishoncount name=done, value=1, target=w } }
run 30
F
"$bin" -f "$d/w.f" >/dev/null 2>&1; within thread_pattern "$(tr -d Z <"$d/f/00000001/00000001" | wc -c)" 0 0

# ---- compress and dedupe ----
make_file write_compress50 ", pattern=zero" ", compress=50" && within write_compress50 "$(gz_pct "$f")" 40 60
make_file prealloc_compress50 ", compress=50" none && within prealloc_compress50 "$(gz_pct "$f")" 40 60
make_file write_dedupe50 ", pattern=zero" ", dedupe=50" && within write_dedupe50 "$(unique_pct "$f")" 40 60
make_file prealloc_dedupe50 ", dedupe=50" none && within prealloc_dedupe50 "$(unique_pct "$f")" 40 60

# ---- the same seed, the same bytes (pre-allocation and writes) ----
sa=x sb=y
make_file same1 "" ", dedupe=30" && sa=$(sha1sum <"$f")
make_file same2 "" ", dedupe=30" && sb=$(sha1sum <"$f")
within same_seed_same_bytes "$([ "$sa" = "$sb" ] && echo 1 || echo 0)" 1 1

# ---- bad values: a clear error, nothing run ----
d=$top/bad && mkdir -p "$d"
for attr in "pattern=0xABC" "pattern=ones" "compress=101" "pattern=zero, compress=20"; do
    cat >"$d/w.f" <<F
define file name=f, path=$d, size=64k, prealloc
define process name=p { thread name=t {
  flowop write name=w, filesetname=f, iosize=8k, $attr } }
run 1
F
    "$bin" -f "$d/w.f" >"$d/out" 2>"$d/err"
    rc=$?
    within "bad_exit[$attr]" "$rc" 2 2
    grep -q "w.f:3:" "$d/err" && ok || bad "bad_where[$attr]" "$(cat "$d/err")"
done

summary
