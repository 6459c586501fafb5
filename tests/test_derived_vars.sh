#!/usr/bin/env bash
# test_derived_vars.sh FLOWBENCH: a variable a workload derives from others
# follows them when they are set after `load` (load, set, run, the classic
# way): every shipped workload with derived variables plans the same filesets,
# iterations and derived values as with -D; resnet50 and unet3d, run so,
# read the files and make the steps the new values say; and inside one file
# `set` stays a plain assignment.
set -u
fb=$(realpath "$1")
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
wl=$here/../workloads
T=$(mktemp -d /dev/shm/fbderived.XXXXXX)
trap 'rm -rf "$T"' EXIT
. "$here/lib.sh"

# The inputs each workload's derivations read, set small. A shipped workload
# with derived variables and no row here fails: add its row.
declare -A inputs=(
    [ai-training]="nsamples=20 naccel=2 batch=4 prefetch=3 samplesread=40"
    [bonnie]="nseeks=100 updateevery=5"
    [createdelete]="nsteps=400"
    [ddstream]="blocksize=64k count=16"
    [mlperf-checkpoint]="layers=2 hidden=1024 ffn=4096 vocab=1000 ranks=2"
    [mlperf-cosmoflow]="nfiles=8 samplesperfile=2 samplesize=256k batch=4 epochs=2"
    [mlperf-resnet50]="nfiles=8 samplesperfile=2 samplesize=256k batch=4 epochs=2"
    [mlperf-unet3d]="nfiles=8 samplesperfile=2 samplesize=256k batch=4 epochs=2"
    [networkfs]="nfiles=10 eventrate=3"
    [postmark]="nfiles=20 transactions=30 minsize=1000 maxsize=2000 writeblock=1k readpct=30 createpct=70"
    [vdbench-bigfiles]="rdpct=30"
    [vdbench-smallfiles]="rdpct=30"
)

# derived W: the variables W's own `set` lines work out from other variables.
derived() {
    sed -nE 's/^set \$([A-Za-z_][A-Za-z0-9_]*) *= *(.*\$.*)$/\1 \2/p' "$wl/$1.f" |
        awk '{ name = $1; $1 = ""; if (index($0, "$" name) == 0) print name }' | sort -u
}

# plan W SCRIPT [-D...]: the --check plan of SCRIPT and the values of W's derived variables.
plan() {
    local w=$1 script=$2
    shift 2
    "$fb" --check -D dir="$T" "$@" -f "$script" 2>"$T/err" | sed -n '/^check: run/,$p'
}

# The list is not empty, and a derived variable in a workload without a row fails.
mapfile -t files < <(grep -lE '^set \$[A-Za-z_0-9]+ *= *.*\$' "$wl"/*.f)
inputs_list=()
for f in "${files[@]}"; do
    w=$(basename "$f" .f)
    [ -n "$(derived "$w")" ] && inputs_list+=("$w")
done
inputs workloads "${inputs_list[@]}" || true
for w in "${inputs_list[@]}"; do
    if [ -z "${inputs[$w]:-}" ]; then
        bad "row_$w" "$w derives $(derived "$w" | tr '\n' ' ')but has no row of inputs in this test"
        continue
    fi
    echos="echo \"derived:$(derived "$w" | sed 's/.*/ & \$&/' | tr -d '\n')\""
    sets=$(for kv in ${inputs[$w]}; do echo "set \$$kv"; done)
    printf 'load %s\n%s\nrun 1\n%s\n' "$w" "$sets" "$echos" > "$T/classic.f"
    printf 'load %s\nrun 1\n%s\n' "$w" "$echos" > "$T/plain.f"
    dflags=()
    for kv in ${inputs[$w]}; do dflags+=(-D "$kv"); done
    plan "$w" "$T/classic.f" > "$T/classic.out"
    classic_rc=${PIPESTATUS[0]}
    plan "$w" "$T/plain.f" "${dflags[@]}" > "$T/dflag.out"
    plan "$w" "$T/plain.f" > "$T/plain.out"
    expect_eq "${w}_check" "$classic_rc" 0
    grep -q '^derived:' "$T/classic.out" && [ -s "$T/dflag.out" ] && ok ||
        bad "${w}_plan" "no plan or no derived values: $(tail -2 "$T/err")"
    # load, set, run plans what -D plans ...
    diff "$T/dflag.out" "$T/classic.out" > "$T/diff" && ok ||
        bad "${w}_follows" "load, set, run differs from -D: $(head -6 "$T/diff" | tr '\n' ' ')"
    # ... and the sets changed it (otherwise the comparison proves nothing)
    cmp -s "$T/plain.out" "$T/classic.out" && bad "${w}_changed" "the sets changed nothing in the plan" || ok
done

# resnet50 and unet3d, run the classic way (the issue's case): the files are
# $samplesperfile x $samplesize bytes (sizes alike), each sample is read once an epoch, and
# the accelerators make the steps the new values give.
for w in resnet50 unet3d; do
    mkdir "$T/$w"
    cat > "$T/$w.f" <<EOF
load mlperf-$w
set \$dir=$T/$w
set \$nfiles=6
set \$samplesperfile=2
set \$samplesize=8k
set \$sizegamma=0
set \$batch=4
set \$computeus=1000
set \$epochs=2
set \$readers=2
run 30
EOF
    "$fb" --quiet -f "$T/$w.f" --json "$T/$w.json" > "$T/$w.out" 2>&1
    rc=$?
    [ $rc = 0 ] || [ $rc = 3 ] && ok || bad "${w}_run" "exit $rc: $(tail -3 "$T/$w.out")"
    sizes=$(find "$T/$w" -type f -not -name '.*' -printf '%s\n' | sort | uniq -c | tr -s ' ')
    expect_eq "${w}_filesizes" "$sizes" " 6 16384"
    python3 - "$T/$w.json" <<'EOF' && ok || bad "${w}_steps" "$(tail -3 "$T/$w.out")"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
rows = {f["name"]: f["ops"] for f in run["flowops"]}
assert rows["f.open"] == 12 and rows["f.s.read"] == 24, rows   # 2 epochs x 6 files x 2 samples
assert rows["step"] == 24 // 4, rows
assert run["end"] == "finished", run["end"]
EOF
    rm -rf "${T:?}/$w"
done

# The rule itself: inside one file `set` assigns (a later `set $a` leaves $b as
# it was); after the load, $b and $c follow $a; a set of $b makes it plain; a
# variable that reads itself is a step and does not follow.
cat > "$T/w.f" <<'EOF'
set $a=1
set $b=$a * 2
set $c=$b + 1
set $n=1
set $n=$n + $a
set $a=5
echo "in: b=$b c=$c n=$n"
EOF
cat > "$T/top.f" <<EOF
load $T/w.f
set \$a=3
echo "a=3: b=\$b c=\$c n=\$n"
set \$b=10
echo "b=10: b=\$b c=\$c"
set \$a=4
echo "a=4: b=\$b c=\$c n=\$n"
EOF
"$fb" --check -f "$T/top.f" > "$T/top.out" 2> "$T/top.err"
expect_eq rule_values "$(grep -E '^(in|a=|b=)' "$T/top.out" | tr '\n' '|')" \
    "in: b=2 c=3 n=2|a=3: b=6 c=7 n=2|b=10: b=10 c=11|a=4: b=10 c=11 n=2|"
grep -q 'note: \$b follows \$a: 6, was 2 (derived at .*w.f:2)' "$T/top.err" && ok ||
    bad rule_note "no note of the change: $(cat "$T/top.err")"
# A set whose derivations then fail is an error at the derivation, naming the set.
printf 'load mlperf-resnet50\nset $batch=0\n' > "$T/zero.f"
"$fb" --check -f "$T/zero.f" > /dev/null 2> "$T/zero.err"
expect_eq rule_fails "$?" 2
grep -q 'steps cannot follow the set of \$batch at .*zero.f:2' "$T/zero.err" &&
    grep -q 'mlperf-resnet50.f:[0-9]*:[0-9]*: error: division by zero' "$T/zero.err" && ok ||
    bad rule_fails_where "$(cat "$T/zero.err")"
# Without a load (the workload run with -f itself), a later set is a plain assignment.
printf 'set $a=1\nset $b=$a * 2\nset $a=5\necho "b=$b"\n' > "$T/flat.f"
expect_eq rule_flat "$("$fb" --check -f "$T/flat.f" 2>/dev/null | grep '^b=')" "b=2"

summary
