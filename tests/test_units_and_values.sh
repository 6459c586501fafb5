#!/usr/bin/env bash
# test_units_and_values.sh BIN: what a number means where (k/m/g in criteria
# beside bytes refused; bucket shares with decimals, exact), cvar parameters=
# taking $variables, and no follow-on -D complaint after a script error.
set -u
bin=$(realpath "$1")
pass=0 fail=0
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
top=$(mktemp -d /dev/shm/flowbench-units.XXXXXX)
trap 'rm -rf "$top"' EXIT

cat >"$top/w.f" <<EOF2
set \$dir=$top
define fileset name=f,path=\$dir,size=buckets(4k:12.5,8k:87.5),entries=4,dirwidth=4
define process name=p { thread name=t { flowop statfile name=s,filesetname=f } }
run 1
EOF2
sed 's/size=buckets(4k:12.5,8k:87.5)/size=4k/' "$top/w.f" >"$top/w0.f"
# ---- criteria: k, m, g beside a byte figure are refused; beside a count they multiply ----
"$bin" --check -f "$top/w0.f" -C 'bytes >= 1m' >"$top/out" 2>"$top/err"
expect_eq "criteria: bytes >= 1m exits 2" "$?" 2
grep -q "^-C:1:10: error: criteria: k, m and g are ambiguous beside bytes" "$top/err" && ok \
    || bad "criteria: bytes >= 1m says why, at the number" "$(cat "$top/err")"
"$bin" --check -f "$top/w0.f" -C 'mb_per_sec >= 2k' >"$top/out" 2>"$top/err"
expect_eq "criteria: mb_per_sec >= 2k exits 2" "$?" 2
"$bin" --check -f "$top/w0.f" -C 'ops >= 1m' -C 'bytes >= 1048576' -C 'p99 < 2ms' >"$top/out" 2>"$top/err"
expect_eq "criteria: ops >= 1m, bytes in full and ms are fine" "$?" 0

# ---- buckets: shares with decimals are exact ----
"$bin" --check -f "$top/w.f" >"$top/out" 2>"$top/err"
grep -q "size bucket list, mean 7680," "$top/out" && ok || bad "buckets(4k:12.5,8k:87.5): mean exactly 7680" "$(cat "$top/out" "$top/err")"
printf 'set $s = buckets(4k:12.5, 8k:87)\n' >"$top/b.f"
"$bin" --check -f "$top/b.f" >"$top/out" 2>"$top/err"
grep -q "b.f:1:10: error: bucket percentages total 99.5%" "$top/err" && ok || bad "buckets totalling 99.5 refused" "$(cat "$top/err")"
printf 'set $s = buckets(4k:12.1234567, 8k:87)\n' >"$top/b.f"
"$bin" --check -f "$top/b.f" >"$top/out" 2>"$top/err"
grep -q "more than 6 decimals" "$top/err" && ok || bad "seven decimals refused" "$(cat "$top/err")"
printf 'set $n = 1.5\n' >"$top/b.f"
"$bin" --check -f "$top/b.f" >"$top/out" 2>"$top/err"
grep -q "b.f:1:10: error: fractional number '1.5'" "$top/err" && ok || bad "decimals stay refused outside buckets" "$(cat "$top/err")"

# ---- cvar parameters= takes $variables (quoted); elsewhere a quoted $ is refused ----
cat >"$top/c.f" <<EOF2
set \$lo=1024
set \$hi=2048
set \$x=cvar(type=cvar-uniform,parameters="lower:\$lo;upper:\${hi}")
define fileset name=f,path=$top,size=\$x,entries=4,dirwidth=4
define process name=p { thread name=t { flowop statfile name=s,filesetname=f } }
run 1
EOF2
"$bin" --check -f "$top/c.f" >"$top/out" 2>"$top/err"
grep -q "size custom variable, mean 1536," "$top/out" && ok || bad "cvar parameters from \$lo and \$hi: mean 1536" "$(cat "$top/out" "$top/err")"
printf 'define fileset name="a$b",path=/tmp,entries=1,dirwidth=1\n' >"$top/q.f"
"$bin" --check -f "$top/q.f" >"$top/out" 2>"$top/err"
grep -q 'q.f:1:21: error: a quoted attribute value cannot use \$variables' "$top/err" && ok \
    || bad "a quoted \$ elsewhere is still refused, at the value" "$(cat "$top/err")"

# ---- after a script error, no follow-on -D complaint ----
printf 'set $dir=/tmp\ndefine fileset name=x,path=$dir,size=1.5k,entries=1\nrun 1\n' >"$top/e.f"
"$bin" -f "$top/e.f" -D dir=/tmp/x >"$top/out" 2>"$top/err"
expect_eq "script error: exit 2" "$?" 2
expect_eq "script error: one message" "$(grep -c . "$top/err")" 1
"$bin" -f "$top/w0.f" -D dri=/tmp/x --check >"$top/out" 2>"$top/err"
grep -q -- "-D dri: no such variable" "$top/err" && ok || bad "a valid script still names an unknown -D" "$(cat "$top/err")"

summary units_and_values
