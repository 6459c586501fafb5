#!/usr/bin/env bash
# test_verify.sh BIN: verify end to end. A fileset with verify is pre-allocated
# and read back clean; one flipped byte fails the run naming the file and the
# block; writes of every shape (aligned, unaligned in place, appends past an
# unaligned end, a tail too short for a header) read back clean in the same run
# and the next; invalid combinations are file:line:col errors. Also run under
# ThreadSanitizer (its ctest label engine).
set -u
bin=$(realpath "$1")
pass=0 fail=0
top=$(mktemp -d /dev/shm/flowbench-verify.XXXXXX)
trap 'rm -rf "$top"' EXIT

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# json_verify JSON FLOWOP: "blocks failed" of the flowop's verify counts, or "none"
json_verify() {
    python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][-1]
for f in r["flowops"]:
    if f["name"] == sys.argv[2]:
        v = f.get("verify")
        print("none" if v is None else "%d %d" % (v["blocks"], v["failed"]))
        break
else:
    print("missing")
PY
}

# run NAME: runs $top/NAME/w.f with --json; sets rc
run() {
    "$bin" --json "$top/$1/out.json" -f "$top/$1/w.f" >"$top/$1/out" 2>"$top/$1/err"
    rc=$?
}

# clean NAME TEST FLOWOP...: the run exited 0 and each FLOWOP checked blocks, none bad
clean() {
    local name=$1 test=$2 op blocks failed
    shift 2
    [ $rc = 0 ] && ok || bad "${test}_exit" "exit $rc: $(tail -3 "$top/$name/err")"
    for op in "$@"; do
        read -r blocks failed <<<"$(json_verify "$top/$name/out.json" "$op")"
        [ "${blocks:-0}" -gt 0 ] 2>/dev/null && [ "$failed" = 0 ] && ok || bad "${test}_$op" "verify counts: $blocks $failed"
    done
}

# ---- pre-allocated with verify, read back clean, then one byte flipped ----
d=$top/flip
mkdir -p "$d"
cat >"$d/w.f" <<F
define fileset name=fs, path=$d, entries=4, dirwidth=10, size=1m, prealloc, reuse, verify
define process name=p { thread name=t, verify {
  flowop openfile name=o, filesetname=fs, fd=1
  flowop readwholefile name=r, fd=1, iosize=16k
  flowop closefile name=c, fd=1
  flowop finishoncount name=done, value=8, target=r
} }
run 30
F
run flip
[ $rc = 0 ] && ok || bad clean_exit "exit $rc: $(tail -3 "$d/err")"
read -r blocks failed <<<"$(json_verify "$d/out.json" r)"
[ "${blocks:-0}" -ge 2048 ] 2>/dev/null && [ "$failed" = 0 ] && ok || bad clean_counts "verify counts: $blocks $failed"
[ "$(json_verify "$d/out.json" o)" = none ] && ok || bad clean_no_counts_for_open "$(json_verify "$d/out.json" o)"
grep -q "^r .* verify [0-9]* blocks 0 bad$" "$d/out" && ok || bad clean_text "$(grep '^r ' "$d/out")"

victim=$d/fs/00000001/00000003
[ -f "$victim" ] || bad victim "no $victim"
# one byte in the middle of block 5 (offset 20480 + 2000), changed to its complement
byte=$(od -A n -t u1 -j 22480 -N 1 "$victim" | tr -d ' ')
printf "\\$(printf %03o $((255 - byte)))" | dd of="$victim" bs=1 seek=22480 conv=notrunc status=none
run flip
[ $rc = 1 ] && ok || bad flip_exit "exit $rc, want 1: $(tail -3 "$d/err")"
grep -q "verify: $victim: block at offset 20480: crc32c 0x[0-9a-f]\{8\}, expected 0x[0-9a-f]\{8\}" "$d/err" && ok \
    || bad flip_message "$(tail -3 "$d/err")"
read -r blocks failed <<<"$(json_verify "$d/out.json" r)"
[ "$failed" = 1 ] && ok || bad flip_json "verify counts: $blocks $failed"

# ---- writes of every shape, read back in the same run and the next ----
# fa: aligned random writes and reads; fb: 6000-byte writes (in place, on no
# block boundary); fc: appends of random lengths past a 20-byte tail and whole
# rewrites of an unaligned size. Each thread has its own file; the run lasts
# 2 s, so that each of them loops many times.
d=$top/rw
mkdir -p "$d"
cat >"$d/w.f" <<F
define file name=fa, path=$d, size=256k, prealloc, reuse, verify
define file name=fb, path=$d, size=200000, prealloc, reuse, verify
define file name=fc, path=$d, size=4116, prealloc, reuse, verify
define process name=p {
  thread name=ta {
    flowop write name=wa, filesetname=fa, iosize=8k, random
    flowop read name=ra, filesetname=fa, iosize=8k, random
  }
  thread name=tb {
    flowop write name=wb, filesetname=fb, iosize=6000, random
    flowop readwholefile name=rb, filesetname=fb, iosize=64k
  }
  thread name=tc {
    flowop appendfilerand name=ac, filesetname=fc, iosize=5000
    flowop writewholefile name=wc, filesetname=fc, iosize=4k
    flowop readwholefile name=rc, filesetname=fc, iosize=8k
  }
}
run 2
F
run rw
clean rw rw ra rb rc
# the files as left (trusttree: not resized), read whole by another run
cat >"$d/w.f" <<F
define file name=fa, path=$d, size=256k, prealloc, trusttree, verify
define file name=fb, path=$d, size=200000, prealloc, trusttree, verify
define file name=fc, path=$d, size=4116, prealloc, trusttree, verify
define process name=p { thread name=t {
  flowop readwholefile name=r1, filesetname=fa, fd=1, iosize=4k
  flowop readwholefile name=r2, filesetname=fb, fd=2, iosize=4k
  flowop readwholefile name=r3, filesetname=fc, fd=3, iosize=4k
  flowop finishoncount name=d, value=1, target=r3
} }
run 30
F
run rw
clean rw reread r1 r2 r3
# every block of the appended file is covered: its blocks checked = its 4 KiB blocks
size=$(stat -c %s "$d/fc/00000001/00000001" 2>/dev/null || echo 0)
read -r blocks failed <<<"$(json_verify "$d/out.json" r3)"
[ "$size" -gt 8192 ] && [ "$blocks" = $(((size + 4095) / 4096 - (size % 4096 > 0 && size % 4096 < 40 ? 1 : 0))) ] && ok \
    || bad appended_covered "file of $size bytes, $blocks blocks verified"

# ---- invalid combinations: file:line:col errors before anything runs ----
d=$top/bad
mkdir -p "$d"
printf 'define file name=f, path=%s, size=64k, prealloc, verify\ndefine process name=p { thread name=t {\n  flowop read name=r, filesetname=f, iosize=1000\n} }\nrun 1\n' "$d" >"$d/w.f"
run bad
[ $rc = 2 ] && ok || bad unaligned_read_exit "exit $rc, want 2"
grep -q "w.f:3:38: error: flowop read 'r' checks whole 4096-byte blocks with verify: iosize must be a fixed multiple of 4096" \
    "$d/err" && ok || bad unaligned_read_message "$(cat "$d/err")"
printf 'define file name=f, path=%s, size=64k, prealloc\ndefine process name=p { thread name=t {\n  flowop read name=r, filesetname=f, iosize=4k, verify\n} }\nrun 1\n' "$d" >"$d/w.f"
run bad
[ $rc = 2 ] && ok || bad unstamped_read_exit "exit $rc, want 2"
grep -q "w.f:3:49: error: flowop read 'r' checks verify headers, but file 'f' has no verify" "$d/err" && ok \
    || bad unstamped_read_message "$(cat "$d/err")"
[ ! -e "$d/f" ] && ok || bad nothing_created "$d/f exists"

summary
