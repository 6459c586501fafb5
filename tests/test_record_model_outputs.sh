#!/usr/bin/env bash
# test_record_model_outputs.sh BIN: no name becomes F text, and record's and model's
# outputs are written whole or not at all. A trace whose file name, or whose created
# file's name, holds a newline and a `system` line models to a .f that runs for a
# second without running it. For each output (record -o, strace's log beside it,
# model -o, model --own): a symbolic link at the name is refused with exit 2 and the
# file it points at is unchanged (sha256), a FIFO (and a device, -o) is refused with
# exit 2 at once (not a hang), a failure leaves the file there as it was, and the
# message names the cause.
# record runs a stand-in strace (a script on PATH) so that no case needs the real one.
set -u
bin=$(realpath "$1")
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
top=$(mktemp -d /tmp/flowbench-outputs.XXXXXX)
trap 'loop_cleanup; rm -rf "$top"' EXIT
cd "$top" || exit 1
mkdir run fake
small_mount "$top/full" 64k # for a model that fails as it writes; root, as mknod below
sha() { sha256sum "$1" | cut -d' ' -f1; }
# A trace: a file opened, written and closed, and a file created and written (its name is
# the model's median of its class), in flowbench's own format; $1: the created file's name.
own_trace() {
    printf '# flowbench-trace 1\n'
    printf '0.000000000 42 42 open data - - O_RDWR - 3 0.000001000\n'
    printf '0.000010000 42 42 write fd:3 - 4096 - - 4096 0.000001000\n'
    printf '0.000020000 42 42 close fd:3 - - - - 0 0.000001000\n'
    printf '0.000030000 42 42 open %s - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.000001000\n' "$1"
    printf '0.000040000 42 42 write fd:3 - 100 - - 100 0.000001000\n'
    printf '0.000050000 42 42 close fd:3 - - - - 0 0.000001000\n# end\n'
}
own_trace made1 >good.trace

# --- no name becomes F text -----------------------------------------------------------
# the trace's own file name, in the .f's first comment line
evil=$'t\nsystem "touch pwned1"\n# "}'
cp good.trace "$evil"
"$bin" model "$evil" -o name.f 2>err
expect_eq model_evil_name_exit $? 0
# a created file's name, in its class's comment ("\012" is the own format's newline)
own_trace 'a\012system\040"touch\040pwned2"\012#\040"}' >made.trace
"$bin" model made.trace -o made.f 2>err
expect_eq model_evil_made_exit $? 0
for f in name made; do
    "$bin" -f "$f.f" -D dir="$top/run" --runtime 1 >"$f.out" 2>&1
    expect_eq "run_${f}_exit" $? 0
    expect_eq "run_${f}_no_system_line" "$(grep -c '^system' "$f.f")" 0
done
expect_eq no_pwned "$(ls pwned* run/pwned* 2>/dev/null | wc -l)" 0
expect_eq name_quoted "$(head -1 name.f | grep -c 'A model of "t\\nsystem \\"touch pwned1\\"\\n# \\"}"')" 1

# --- model -o and --own -----------------------------------------------------------------
echo "outside, not to be written" >outside
before=$(sha outside)
# refused OPT PATH NAME: model's OPT at PATH (a link or a FIFO) is refused at once, exit 2
model_refused() {
    local name=$1 cause=$2
    shift 2
    timeout 10 "$bin" model good.trace "$@" 2>err
    expect_eq "${name}_exit" $? 2
    expect_eq "${name}_cause" "$(grep -c "$cause" err)" 1
    expect_eq "${name}_outside" "$(sha outside)" "$before"
}
ln -s "$top/outside" link.f
mkfifo fifo.f
model_refused model_o_link "symbolic link" -o link.f
model_refused model_o_fifo "not a regular file" -o fifo.f
model_refused model_own_link "symbolic link" -o ok.f --own link.f
model_refused model_own_fifo "not a regular file" -o ok.f --own fifo.f
mknod dev.f c 1 3 # a device (/dev/null's numbers): refused, never opened
model_refused model_o_device "not a regular file" -o dev.f
expect_eq model_own_refused_writes_nothing "$(ls ok.f 2>/dev/null | wc -l)" 0
[ -L link.f ] && [ -p fifo.f ] && ok || bad model_link_fifo_left "the link or the FIFO was replaced"
# a model that fails as it writes (its file system full): -o and --own as they were, and
# why said (the real cause, not "Success")
echo "keep me" >full/keep.f
echo "keep me too" >full/keep.own
k1=$(sha full/keep.f) k2=$(sha full/keep.own)
dd if=/dev/zero of=full/filler bs=4k 2>/dev/null # until the file system is full
"$bin" model good.trace -o full/keep.f --own full/keep.own 2>err
expect_eq model_fail_exit $? 1
expect_eq model_fail_kept_o "$(sha full/keep.f)" "$k1"
expect_eq model_fail_kept_own "$(sha full/keep.own)" "$k2"
expect_eq model_fail_cause "$(grep -c 'No space left on device' err)" 1
expect_eq model_fail_no_success "$(grep -c 'Success' err)" 0
expect_eq model_fail_no_leftover "$(ls -A full | sort | tr '\n' ' ')" "filler keep.f keep.own "
umount full
echo "keep me" >keep.f
k1=$(sha keep.f)
"$bin" model missing.trace -o keep.f 2>err
expect_eq model_noinput_kept "$(sha keep.f)" "$k1"
# a model that works replaces both whole, and leaves no new file behind
"$bin" model good.trace -o keep.f --own keep.own 2>err
expect_eq model_ok_exit $? 0
expect_eq model_ok_o "$(head -c 12 keep.f)" "# A model of"
expect_eq model_ok_own "$(head -1 keep.own)" "# flowbench-trace 1"
expect_eq model_no_tmp_left "$(ls -A | grep -c '\.new-')" 0

# --- record -o and strace's log --------------------------------------------------------
# A stand-in strace: writes LOG (its -o) as $FAKE_LOG says and runs the command after --.
cat >fake/strace <<'SH'
#!/bin/sh
log=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    [ "$1" = "-o" ] && { log=$2; shift; }
    shift
done
shift
echo "$log" >"$FAKE_DIR/given"
case $FAKE_LOG in
    garbage) echo "this is no strace log" >"$log" ;;
    good) printf '1700000000.000000 execve("/bin/true", ["true"], 0x0 /* 0 vars */) = 0 <0.000100>\n' >"$log" ;;
esac
"$@"
SH
chmod +x fake/strace
export FAKE_DIR=$top
# record_refused NAME CAUSE -o PATH: refused at once with exit 2, the command never run
record_refused() {
    local name=$1 cause=$2
    shift 2
    rm -f ran
    FAKE_LOG=good PATH="$top/fake:$PATH" timeout 10 "$bin" record "$@" -- touch ran 2>err
    expect_eq "${name}_exit" $? 2
    expect_eq "${name}_cause" "$(grep -c "$cause" err)" 1
    expect_eq "${name}_not_run" "$(ls ran 2>/dev/null | wc -l)" 0
    expect_eq "${name}_outside" "$(sha outside)" "$before"
}
ln -s "$top/outside" link.trace
mkfifo fifo.trace
ln -s "$top/outside" l2.trace.strace
mkfifo f2.trace.strace
record_refused record_o_link "symbolic link" -o link.trace
record_refused record_o_fifo "not a regular file" -o fifo.trace
record_refused record_log_link "symbolic link" -o l2.trace
record_refused record_log_fifo "not a regular file" -o f2.trace
record_refused record_o_device "not a regular file" -o dev.f
# strace is given a /proc descriptor link to a file flowbench made, never a name in the directory
FAKE_LOG=good PATH="$top/fake:$PATH" "$bin" record -o new.trace -- true 2>err
expect_eq record_ok_exit $? 0
expect_eq record_log_via_proc "$(grep -c '^/proc/[0-9]*/fd/[0-9]*$' given)" 1
expect_eq record_ok_trace "$(head -1 new.trace)" "# flowbench-trace 1"
expect_eq record_ok_log_removed "$(ls new.trace.strace 2>/dev/null | wc -l)" 0
# a log that cannot be converted: -o as it was, the log kept under its name, why said
echo "old trace" >old.trace
k3=$(sha old.trace)
FAKE_LOG=garbage PATH="$top/fake:$PATH" "$bin" record -o old.trace -- true 2>err
expect_eq record_fail_exit $? 2
expect_eq record_fail_kept_o "$(sha old.trace)" "$k3"
expect_eq record_fail_log_kept "$(cat old.trace.strace 2>/dev/null)" "this is no strace log"
expect_eq record_fail_says_kept "$(grep -c "strace's log kept as old.trace.strace" err)" 1
expect_eq record_fail_names_log "$(grep -c "error: old.trace.strace:1: not a trace" err)" 1
expect_eq record_fail_no_success "$(grep -c 'Success' err)" 0
expect_eq record_no_tmp_left "$(ls -A | grep -c '\.new-')" 0
summary record_model_outputs
