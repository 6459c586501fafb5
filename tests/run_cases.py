#!/usr/bin/env python3
"""run_cases.py BIN DIR: checks every script of DIR/valid and DIR/malformed with --check.
 valid/*.f:     exit 0, and every "#> text" line of the script appears in stdout (in order).
 malformed/*.f: line 1 is "# expect: LINE:COL: text"; exit 2, and stderr holds
                "<file>:LINE:COL: error: " followed (on that line) by text.
The checks run side by side, one per core: each is a process start and a parse, and one
process of the shell, grep and sed per expected line made the cases take minutes under ASan."""
import concurrent.futures
import glob
import os
import subprocess
import sys

TIMEOUT = 20  # seconds a check may take before it counts as a hang


def check(binary, path):
    """Runs one check; returns None when it held, else why not."""
    try:
        p = subprocess.run([binary, "--check", "-f", path], capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"no exit within {TIMEOUT} s"
    out = p.stdout.decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    with open(path, "rb") as f:
        text = f.read().decode(errors="replace")
    if os.path.basename(os.path.dirname(path)) == "valid":
        return valid_fails(p.returncode, out, err, text)
    return malformed_fails(path, p.returncode, err, text)


def valid_fails(rc, out, err, text):
    if rc != 0:
        return f"exit {rc}: " + " ".join(err.splitlines()[:3])
    lines = out.splitlines()
    at = 0  # each expected line is looked for after the one the previous matched
    for want in (l[3:] for l in text.splitlines() if l.startswith("#> ")):
        hit = next((i for i in range(at, len(lines)) if want in lines[i]), None)
        if hit is None:
            return f"stdout lacks '{want}' (in order)"
        at = hit + 1
    return None


def malformed_fails(path, rc, err, text):
    first = text.split("\n", 1)[0]
    if not first.startswith("# expect: "):
        return "no '# expect: LINE:COL: text' on line 1"
    loc, _, what = first[len("# expect: "):].partition(": ")
    if rc != 2:
        return f"exit {rc}, want 2"
    where = f"{path}:{loc}: error: "
    at = [l for l in err.splitlines() if where in l]
    if not at:
        return f"no error at {loc}: " + " ".join(err.splitlines()[:2])
    if not any(what in l for l in at):
        return f"message lacks '{what}': " + " ".join(err.splitlines()[:2])
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: run_cases.py BIN DIR")
    binary, top = sys.argv[1], sys.argv[2]
    fail = 0
    paths = []
    for kind in ("valid", "malformed"):
        found = sorted(glob.glob(os.path.join(top, kind, "*.f")))
        if not found:  # a list that is empty proves nothing
            print(f"FAIL {kind} cases in {top}/{kind}: the list of inputs is empty")
            fail += 1
        paths += found
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda p: check(binary, p), paths))
    for path, why in zip(paths, results):
        if why is not None:
            print(f"FAIL {path}: {why}")
            fail += 1
    passed = len(paths) - sum(why is not None for why in results)
    print(f"{passed} passed, {fail} failed")
    if passed + fail == 0:
        print("FAIL: no check ran")
        sys.exit(1)
    sys.exit(1 if fail else 0)


if __name__ == "__main__":
    main()
