#!/usr/bin/env bash
# test_cli.sh BIN: the command line and piped commands, checked on their output and exit codes.
set -u
bin=$1
pass=0 fail=0
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
tmp=$(mktemp -d /tmp/flowbench-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

exits() { # NAME WANT COMMAND...: COMMAND exits WANT (a failure counted, a pass not: a `has` follows); output in $tmp/out, $tmp/err
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local rc=$?
    [ $rc -eq "$want" ] && return 0
    bad "$name" "exit $rc, want $want: $(head -3 "$tmp/err")"
    return 1
}
has() { # name, file, text
    if grep -qF -- "$3" "$2"; then ok; else bad "$1" "'$3' not in output: $(head -5 "$2")"; fi
}
piped() { printf '%b' "$1" | "$bin" "${@:2}" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }

# load + list through a pipe: the varmail fileset is listed, no prompt
piped 'load varmail\nlist\nquit\n'
has pipe_list "$tmp/out" "bigfileset"
if grep -q "flowbench>" "$tmp/out"; then bad "pipe_no_prompt"; else ok; fi

# late binding: set after load changes what the run uses
piped 'load varmail\nset $dir=/mnt/x\nset $nfiles=50\nrun 10\n' --check
has late_binding "$tmp/out" "fileset /mnt/x/bigfileset: 50 files"

# a run inside a loaded workload is skipped with a note
printf 'set $dir=/tmp\ndefine file name=f1,path=$dir,size=1k,prealloc\ndefine process name=p{thread name=t{flowop read name=r,filename=f1,iosize=1k}}\nrun 5\n' >"$tmp/withrun.f"
piped "load $tmp/withrun.f\nquit\n" --check
has load_skips_run "$tmp/out" "are skipped when it is loaded"
if grep -q "check: run" "$tmp/out"; then bad "load_skips_run" "a run happened"; else ok; fi

# piped commands are a script: an error stops everything before any command runs
piped 'echo "before"\nbogus 1\necho "after"\n'
has pipe_error_located "$tmp/err" "<stdin>:2:1: error: unknown command 'bogus'"
if grep -q "before\|after" "$tmp/out"; then bad "pipe_stops" "$(cat "$tmp/out")"; else ok; fi
[ "$(cat "$tmp/rc")" = 2 ] && ok || bad "pipe_status" "$(cat "$tmp/rc")"

# a command continues on the next line when that line begins with a comma, as in a file
piped 'define fileset name=a,path=/tmp,dirwidth=5\n  ,entries=5\ndefine process name=p { thread name=t { flowop read name=r, filename=a, iosize=1k } }\nrun\n 3\n' --check
has pipe_continuation "$tmp/out" "fileset /tmp/a: 5 files"

# a command spanning lines in a pipe
piped 'define fileset name=fs,\n  path=/tmp, entries=5,\n  dirwidth=5\nlist filesets\n'
has pipe_multiline "$tmp/out" "fs"

# -D overrides the script's own set; --check exits 0
exits d_override 0 "$bin" --check -D nfiles=50 -D dir=/srv/t -f workloads/varmail.f && has d_override "$tmp/out" "/srv/t/bigfileset: 50 files"

# batch: a syntax error exits 2 with a located message
printf 'set $a = \ndefine fileset name=x\n' >"$tmp/bad.f"
exits syntax_exit 2 "$bin" --check -f "$tmp/bad.f" && has syntax_loc "$tmp/err" "$tmp/bad.f:2:1: error:"

# missing file, unknown option, bad runtime, stray argument: exit 2
exits missing_file 2 "$bin" -f "$tmp/nope.f" && has missing_file "$tmp/err" "cannot open"
exits unknown_option 2 "$bin" --bogus
exits bad_runtime 2 "$bin" --runtime 0 -f workloads/varmail.f && has bad_runtime "$tmp/err" "--runtime"
# whole numbers are read strictly: no sign, no space, nothing after, in range
exits iodepth_plus 2 "$bin" --check --iodepth +4 -f workloads/varmail.f && has iodepth_plus "$tmp/err" "--iodepth: '+4'"
exits runtime_space 2 "$bin" --check --runtime " 5" -f workloads/varmail.f && has runtime_space "$tmp/err" "--runtime"
exits runtime_fraction 2 "$bin" --check --runtime 1.5 -f workloads/varmail.f && has runtime_fraction "$tmp/err" "got '1.5'"
exits runtime_unit 2 "$bin" --check --runtime 500us -f workloads/varmail.f && has runtime_unit "$tmp/err" "(ms, s, m, h)"
exits runtime_ms 0 "$bin" --check --runtime 500ms -f workloads/varmail.f && ok
exits sample_range 2 "$bin" --check --latency-log-sample 4294967296 -f workloads/varmail.f && has sample_range "$tmp/err" "--latency-log-sample"
exits iodepth_ok 0 "$bin" --check --iodepth 4096 -f workloads/varmail.f && ok
exits stray_arg 2 "$bin" workloads/varmail.f && has stray_arg "$tmp/err" "-f"
exits bad_clock 2 "$bin" --clock hpet -f workloads/varmail.f && has bad_clock "$tmp/err" "--clock: 'hpet' is not one of auto, tsc, vdso"
exits help 0 "$bin" -h && has help "$tmp/out" "--check"
exits version 0 "$bin" --version && has version "$tmp/out" "flowbench "

# the workload search path: --workloads and FLOWBENCH_WORKLOADS
mkdir -p "$tmp/wl1" "$tmp/wl2"
printf '# my own test workload\nusage "mine"\n' >"$tmp/wl1/mine.f"
printf '# another one\nusage "other"\n' >"$tmp/wl2/other.f"
piped 'load mine\nlist workloads\n' --workloads "$tmp/wl1"
has workloads_flag "$tmp/out" "loaded workload 'mine'"
has list_workloads "$tmp/out" "my own test workload"
has list_workloads_shipped "$tmp/out" "varmail"
printf 'load other\n' | FLOWBENCH_WORKLOADS="$tmp/wl2" "$bin" >"$tmp/out" 2>&1
has workloads_env "$tmp/out" "loaded workload 'other'"
piped 'load nosuchworkload\n'
has load_unknown "$tmp/err" "no workload 'nosuchworkload'"

# help reads the same tables as the parser
piped 'help flowop\nhelp fileset\nhelp run\n'
has help_flowops "$tmp/out" "appendfilerand"
has help_fileset "$tmp/out" "dirwidth"
has help_run "$tmp/out" "run [seconds"

# a script that never says run is run once at its end (checked here)
exits implicit_run 0 "$bin" --check -f workloads/varmail.f && has implicit_run "$tmp/out" "check: run 1"

# stdout and stderr in one file keep their order: the listing comes before the warning after it
printf 'define fileset name=ord,path=/nonexistent,entries=4,dirwidth=4\nlist filesets\ndebug 11\n' >"$tmp/order.f"
"$bin" --check -f "$tmp/order.f" >"$tmp/both" 2>&1
list_at=$(grep -n '^ord ' "$tmp/both" | cut -d: -f1) warn_at=$(grep -n 'warning: debug level 11' "$tmp/both" | cut -d: -f1)
if [ -n "$list_at" ] && [ -n "$warn_at" ] && [ "$list_at" -lt "$warn_at" ]; then ok; else bad "stdout_stderr_order" "$(cat "$tmp/both")"; fi

# output paths are checked before anything runs: exit 2, no run checked, and good paths still pass
touch "$tmp/plainfile"
for bad in "--json $tmp/nodir/r.json" "--json $tmp" "--csv $tmp/plainfile/r.csv" "--report $tmp/plainfile/rep" "--json - --csv -"; do
    # shellcheck disable=SC2086
    if exits "outputs_first($bad)" 2 "$bin" --check $bad -f workloads/varmail.f; then
        if grep -q "check: run" "$tmp/out"; then bad "outputs_first($bad)" "the run went ahead"; else ok; fi
    fi
done
has outputs_named "$tmp/err" "both write to stdout"
exits outputs_nodir_named 2 "$bin" --check --json "$tmp/nodir/r.json" -f workloads/varmail.f && has outputs_nodir_named "$tmp/err" "--json $tmp/nodir/r.json"
echo '{"mine": 1}' >"$tmp/existing.json"
exits outputs_good 0 "$bin" --check --json "$tmp/existing.json" --csv "$tmp/new.csv" --report "$tmp/rep/deeper" -f workloads/varmail.f \
    && has outputs_good "$tmp/existing.json" '"runs"'

# a -D the script never sets or uses: an error with a hint in --check, a warning before a run
exits d_misspelled 2 "$bin" --check -D nthread=2 -f workloads/varmail.f \
    && has d_misspelled "$tmp/err" "-D nthread: no such variable in the script; did you mean nthreads?"
if grep -q "check: run" "$tmp/out"; then bad "d_misspelled" "the run was checked"; else ok; fi
exits d_used_not_set 0 "$bin" --check -D nthreads=2 -D dir=/srv/t -f workloads/varmail.f
printf 'define file name=f,path=/tmp,size=1k\necho "$onlyechoed"\n' >"$tmp/echoed.f"
exits d_used_in_string 0 "$bin" --check -D onlyechoed=1 -f "$tmp/echoed.f"
piped 'load varmail\nrun 1\n' --check -D nthread=2
has d_misspelled_pipe "$tmp/err" "-D nthread: no such variable"
[ "$(cat "$tmp/rc")" = 2 ] && ok || bad "d_misspelled_pipe" "exit $(cat "$tmp/rc")"
run_dir=$(mktemp -d /tmp/flowbench-cli-run.XXXXXX)
printf 'set $dir=/tmp\ndefine file name=f,path=$dir,size=4k,prealloc\ndefine process name=p{thread name=t{flowop read name=r,filename=f,iosize=1k}}\nrun 1\n' >"$tmp/tiny.f"
exits d_warns_in_run 0 "$bin" -D dir="$run_dir" -D dri=/x -f "$tmp/tiny.f" \
    && has d_warns_in_run "$tmp/err" "warning: -D dri: no such variable in the script; did you mean dir?"
rm -rf "$run_dir"

# a run without a time limit or a finish flowop says it runs until interrupted, in --check and when it runs
forever_dir=$(mktemp -d /tmp/flowbench-cli-run.XXXXXX)
printf 'set mode quit alldone\ndefine file name=f,path=%s,size=4k,prealloc\ndefine process name=p{thread name=t{flowop read name=r,filename=f,iosize=1k}}\nrun 0\n' "$forever_dir" >"$tmp/forever.f"
exits forever_check 0 "$bin" --check -f "$tmp/forever.f" && has forever_check "$tmp/err" "no time limit and no finish flowop: it runs until"
"$bin" -f "$tmp/forever.f" >"$tmp/out" 2>"$tmp/err" </dev/null &
forever_pid=$!
for _ in $(seq 200); do grep -q "Running 1 thread" "$tmp/out" && break; sleep 0.1; done
kill -INT "$forever_pid"
wait "$forever_pid"
forever_rc=$?
has forever_run "$tmp/err" "until interrupted (Ctrl-C)"
[ $forever_rc -eq 130 ] && ok || bad "forever_run" "exit $forever_rc, want 130"
printf 'set mode quit alldone\ndefine file name=f,path=/tmp,size=4k,prealloc\ndefine process name=p{thread name=t{flowop read name=r,filename=f,iosize=1k\nflowop finishoncount name=fin,value=10}}\nrun 0\n' >"$tmp/finishes.f"
exits finishes_quiet 0 "$bin" --check -f "$tmp/finishes.f"
if grep -q "no time limit" "$tmp/err"; then bad "finishes_quiet" "noted a run that finishes"; else ok; fi
rm -rf "$forever_dir"

# list sizes its columns to the longest cell: each column starts at one offset on every line
long=a_fileset_name_well_beyond_twenty_four_characters
piped "define fileset name=$long,path=/tmp/a/rather/long/parent/directory/path,entries=3,size=4k\ndefine fileset name=s,path=/tmp,entries=1\nlist filesets\n"
starts=$(awk '{ s = ""; p = 1; line = $0; for (f = 1; f < 6; f++) { match(line, /^[^ ]+ +/); p += RLENGTH; s = s " " p; line = substr(line, RLENGTH + 1) } print s }' "$tmp/out" | sort -u | wc -l)
[ "$starts" = 1 ] && ok || bad "list_columns" "misaligned: $(cat "$tmp/out")"
has list_columns_long "$tmp/out" "$long"

# a $dir with trailing slashes names the same parent: paths print "/srv/t/bigfileset"; "/" alone still works
for d in /srv/t/ /srv/t// /; do
    want=$(printf '%s' "$d" | sed 's:/*$::')/bigfileset
    exits "dir_slash($d)" 0 "$bin" --check -D dir="$d" -f workloads/varmail.f && has "dir_slash($d)" "$tmp/out" "fileset $want: "
    if grep -q '//' "$tmp/out"; then bad "dir_slash($d)" "$(grep '//' "$tmp/out" | head -2)"; else ok; fi
done

# help FLOWOP lists the attributes that flowop reads, from its row of the flowop table
piped 'help read\n'
has help_read_attrs "$tmp/out" "Its attributes:"
for a in filename iosize random workingset iters; do has "help_read_$a" "$tmp/out" "  $a"; done
if grep -q "  highwater\|  target" "$tmp/out"; then bad "help_read_only_its_own" "$(cat "$tmp/out")"; else ok; fi
piped 'help hog\n'
has help_hog_value "$tmp/out" "  value"
if grep -q "  iosize\|  filename" "$tmp/out"; then bad "help_hog_only_its_own" "$(cat "$tmp/out")"; else ok; fi
# help FLOWOP says what the flowop is, from its row's flags
piped 'help read\nhelp sempost\n'
has help_read_is "$tmp/out" "It is: I/O (in the IO summary), reads"
has help_sempost_is "$tmp/out" "It is: sync point"

# --check warns, where it was written, about an attribute the flowop's row does not
# list (accepted, as classic scripts carry a few, but it does nothing); exit stays 0
printf 'define fileset name=fs,path=/tmp,entries=5,dirwidth=5\ndefine process name=p {\n  thread name=t {\n    flowop read name=r, filename=fs, iosize=4k, value=3\n    flowop hog name=h, iosize=1k, value=10, filesetname=fs\n    flowop semblock name=sb, value=2, highwater=4\n    flowop sempost name=sp, target=sb, value=2, blocking\n    flowop finishoncount name=fc, value=5, target=r\n  }\n}\nrun 5\n' >"$tmp/unused.f"
if exits unused_attr_exit 0 "$bin" --check -f "$tmp/unused.f"; then
    has unused_attr_read "$tmp/err" "$tmp/unused.f:4:49: warning: flowop 'r' (read) does not use attribute 'value'"
    has unused_attr_hog_iosize "$tmp/err" "$tmp/unused.f:5:24: warning: flowop 'h' (hog) does not use attribute 'iosize'"
    has unused_attr_hog_filename "$tmp/err" "$tmp/unused.f:5:45: warning: flowop 'h' (hog) does not use attribute 'filename'"
    # (r also keeps one file of fs: that warning is another's, test_personalities_strace)
    n=$(grep -c 'does not use attribute' "$tmp/err")
    [ "$n" = 3 ] && ok || bad "unused_attr_only_unused" "$n warnings: $(cat "$tmp/err")"
fi
exits unused_attr_run_quiet 0 "$bin" --check -f workloads/varmail.f
if grep -q 'does not use' "$tmp/err"; then bad "unused_attr_varmail" "$(cat "$tmp/err")"; else ok; fi

piped 'help flowop\n'
types=$(sed -n '/^Flowop types:/,$p' "$tmp/out" | awk 'NR > 1 { print $1 }')
for t in $types; do
    printf 'help %s\n' "$t" | "$bin" >"$tmp/help1" 2>&1
    grep -q "^  name " "$tmp/help1" && grep -q "^  iters " "$tmp/help1" && ok || bad "help_$t" "no name/iters: $(cat "$tmp/help1")"
done

summary
