#!/usr/bin/env python3
"""test_status_pty.py BIN: the live status line on a terminal (a pseudo-terminal):
redrawn in place once a second during population and the run, wiped before the
report; never in a pipe, nor with --quiet or --interval."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import check, summary  # noqa: E402
from on_pty import run as on_pty_run  # noqa: E402

BIN = sys.argv[1]


def on_pty(args):
    """Runs BIN with args on a pseudo-terminal; its output and exit status."""
    return on_pty_run(BIN, args)


top = tempfile.mkdtemp(prefix="flowbench-status.", dir="/dev/shm")
try:
    def workload(name, entries, size="16k"):
        path = os.path.join(top, name + ".f")
        with open(path, "w") as f:
            f.write(f"""set $dir={top}/{name}
define fileset name=big, path=$dir, entries={entries}, dirwidth=100, size={size}, prealloc
define process name=p {{ thread name=t {{ flowop read name=rd, filesetname=big, iosize=8k, random }} }}
run 3
""")
        return path
    # 250,000 files take a few seconds to make, even on an idle machine's tmpfs (3 GiB in
    # 1536 files took under the line's first second there): the population line shows
    out, rc = on_pty(["-f", workload("big", 250000, "8k")])
    script = workload("small", 100)
    check("pty_exit", rc == 0, out[-500:])
    lines = re.findall(r"\r\x1b\[Krun 1: (\d+)/3 s  (\d+) ops/s  ([0-9.]+) MiB/s  p99 ([0-9.]+) ms  (\d+) errors", out)
    # once a second over a 3 s run: 2 or 3 redraws, elapsed rising, ops flowing, no error
    check("run_redraws", 2 <= len(lines) <= 4, f"{len(lines)} status lines: {out[-800:]!r}")
    check("run_elapsed_rises", [int(l[0]) for l in lines] == sorted(int(l[0]) for l in lines), lines)
    check("run_ops", all(int(l[1]) > 0 for l in lines) and all(l[4] == "0" for l in lines), lines)
    # population: its line in place, files and MiB done of the total, with the time left
    pop = re.findall(r"\r\x1b\[Kbig: (\d+)/250000 files, (\d+)/1953 MiB, about (\d+) s left", out)
    check("population_line", len(pop) >= 1 and all(0 < int(p[0]) <= 250000 for p in pop), out[:600])
    check("population_wiped", re.search(r"\r\x1b\[Kbig populated", out) is not None, out[:900])
    # the line is wiped before the report: the report's first line starts clean
    check("wiped_before_report", re.search(r"\r\x1b\[K[0-9.]+: Run took", out) is not None, out[-1200:])
    check("no_status_after_report", "\r\x1b[Krun" not in out[out.find("Per-Operation"):], out[-600:])

    # the small runs need no 3 s: their checks are about what is drawn, not when
    quiet, rc = on_pty(["--quiet", "--runtime", "300ms", "-f", script])
    check("quiet_exit", rc == 0, quiet[-300:])
    check("quiet_no_status", "\x1b[K" not in quiet, quiet[-600:])

    interval, rc = on_pty(["--interval", "1", "--runtime", "1500ms", "-f", script])
    check("interval_no_status", "\x1b[Krun" not in interval and "interval 1.0s" in interval, interval[-600:])

    piped = subprocess.run([BIN, "--runtime", "300ms", "-f", script], capture_output=True, text=True)
    check("pipe_exit", piped.returncode == 0, piped.stderr[-300:])
    check("pipe_no_status", "\x1b" not in piped.stdout and "\r" not in piped.stdout, piped.stdout[-600:])
finally:
    shutil.rmtree(top, ignore_errors=True)

sys.exit(summary())
