#!/usr/bin/env bash
# test_choose.sh BIN: weighted choice and bucket lists on real runs. A choose
# composite of weights 70/20/10 (and a child of weight 0) over exactly 10,000
# passes: each child's count within 3 binomial standard deviations of its
# share, the weight-0 child never run, the same counts again on a second run
# (the pick comes from the thread's seeded stream). I/O sizes drawn from
# buckets(4k:30,64k:50,1m:20) (counted in --latency-log) and the file sizes
# of a fileset with size=buckets(1k:30,4k:50,16k:20) (counted on disk), each
# within 3 standard deviations of its percentage, and no other size.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-choose.XXXXXX)
trap 'rm -rf "$top"' EXIT


# within3sd WHAT "count size..." N "value:percent..." : every count within 3
# binomial standard deviations of N * percent / 100, and no value outside the list.
within3sd() {
    local what=$1 counts=$2 n=$3 want=$4 out
    out=$(awk -v n="$n" -v want="$want" -v counts="$counts" 'BEGIN {
        k = split(want, w, " ")
        for (i = 1; i <= k; i++) { split(w[i], kv, ":"); p[kv[1]] = kv[2] / 100 }
        m = split(counts, c, "\n")
        for (i = 1; i <= m; i++) {
            split(c[i], f, " ")
            if (f[2] == "") continue
            if (!(f[2] in p)) { printf "unexpected value %s (%d times)\n", f[2], f[1]; continue }
            seen[f[2]] = f[1]
        }
        for (v in p) {
            e = n * p[v]; sd = sqrt(n * p[v] * (1 - p[v])); got = seen[v] + 0
            d = got - e; if (d < 0) d = -d
            if (d > 3 * sd || (p[v] == 0 && got != 0))
                printf "%s: %d, expected %.0f +- %.1f (3 sd)\n", v, got, e, 3 * sd
        }
    }')
    if [ -z "$out" ]; then ok; else bad "$what" "$out"; fi
}

# ---- choose: 70/20/10 and a weight-0 child over exactly 10,000 passes ----
# The composite's use repeats 10,000 times in the thread's first pass; the
# finishoncount after it then ends the run.
mkdir -p "$top/mix"
cat >"$top/mix/w.f" <<F
set \$dir=$top/mix
define file name=data, path=\$dir, size=1m, prealloc
define flowop name=mix, choose
{
  flowop read name=r1, filesetname=data, iosize=8k, random, weight=70
  flowop write name=w1, filesetname=data, iosize=8k, random, weight=20
  flowop statfile name=s1, filesetname=data, weight=10
  flowop statfile name=never, filesetname=data, weight=0
}
define process name=p { thread name=t {
  flowop mix name=m, iters=10000
  flowop finishoncount name=done, value=1
} }
run 60
F
counts() { # the JSON's ops of each m.* flowop: "ops name" lines
    python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["runs"][0]["flowops"]:
    if f["name"].startswith("m."):
        print(f["ops"], f["name"][2:])' "$1"
}
if "$bin" --quiet --json "$top/mix/r1.json" -f "$top/mix/w.f" >"$top/mix/out1" 2>&1 \
   && "$bin" --quiet --json "$top/mix/r2.json" -f "$top/mix/w.f" >"$top/mix/out2" 2>&1; then
    c1=$(counts "$top/mix/r1.json") c2=$(counts "$top/mix/r2.json")
    total=$(awk '{ s += $1 } END { print s + 0 }' <<<"$c1")
    if [ "$total" = 10000 ]; then ok; else bad "choose passes" "the children ran $total times, want 10000: $c1"; fi
    within3sd "choose 70/20/10/0 shares" "$c1" 10000 "r1:70 w1:20 s1:10 never:0"
    if [ "$(awk '$2 == "never" { print $1 }' <<<"$c1")" = 0 ]; then ok; else bad "weight 0" "the weight-0 child ran: $c1"; fi
    if [ "$c1" = "$c2" ]; then ok; else bad "choose determinism" "two runs picked differently: $c1 / $c2"; fi
    # each child is reported under its own name in the text report too
    if grep -q '^m\.r1 ' "$top/mix/out1" && grep -q '^m\.never ' "$top/mix/out1"; then ok; else
        bad "choose report" "no m.r1 / m.never line: $(head -20 "$top/mix/out1")"; fi
else
    bad "choose run" "$(tail -5 "$top/mix/out1" "$top/mix/out2" 2>/dev/null)"
fi

# ---- buckets: I/O sizes, counted in the latency log ----
mkdir -p "$top/io"
cat >"$top/io/w.f" <<F
set \$dir=$top/io
set \$sizes = buckets(4k:30, 64k:50, 1m:20)
define file name=big, path=\$dir, size=4m, prealloc
define process name=p { thread name=t {
  flowop read name=r, filename=big, iosize=\$sizes, random, iters=4000
  flowop finishoncount name=done, value=1
} }
run 60
F
if "$bin" --quiet --latency-log "$top/io/lat.csv" -f "$top/io/w.f" >"$top/io/out" 2>&1; then
    sizes=$(awk -F, '$3 == "r" { print $4 }' "$top/io/lat.csv" | sort -n | uniq -c)
    within3sd "iosize=buckets(4k:30,64k:50,1m:20)" "$sizes" 4000 "4096:30 65536:50 1048576:20"
else
    bad "buckets iosize run" "$(tail -5 "$top/io/out")"
fi

# ---- buckets: file sizes of a fileset, counted on disk (reuse keeps the tree) ----
mkdir -p "$top/fs"
cat >"$top/fs/w.f" <<F
set \$dir=$top/fs
define fileset name=data, path=\$dir, entries=2000, dirwidth=50, size=buckets(1k:30,4k:50,16k:20), prealloc, reuse
define process name=p { thread name=t {
  flowop statfile name=s, filesetname=data
  flowop finishoncount name=done, value=1
} }
run 60
F
if "$bin" --quiet -f "$top/fs/w.f" >"$top/fs/out" 2>&1; then
    sizes=$(find "$top/fs/data" -type f ! -name '.flowbench*' -printf '%s\n' | sort -n | uniq -c)
    within3sd "fileset size=buckets(1k:30,4k:50,16k:20)" "$sizes" 2000 "1024:30 4096:50 16384:20"
else
    bad "buckets fileset run" "$(tail -5 "$top/fs/out")"
fi

summary weighted_choice
