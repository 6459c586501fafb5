"""check.py: the checks of the suite's Python programs, in lib.sh's dialect. check(NAME, COND,
WHY) counts one check and prints "FAIL NAME: WHY" when COND is false; summary() prints
"N passed, N failed" and is the program's exit status (1 on a failure, or when no check ran).
A program run by lib.sh's pycheck ends with sys.exit(summary()), and pycheck adds its counts."""
import sys

counts = {"pass": 0, "fail": 0}


def ok(name):
    counts["pass"] += 1


def fail(name, why=""):
    counts["fail"] += 1
    print(f"FAIL {name}: {why}", flush=True)


def check(name, cond, why=""):
    """One check; returns COND as a bool, so that a check can guard those that depend on it."""
    if cond:
        ok(name)
    else:
        fail(name, why)
    return bool(cond)


def summary():
    print(f"{counts['pass']} passed, {counts['fail']} failed", flush=True)
    if counts["pass"] + counts["fail"] == 0:
        print("FAIL: no check ran", file=sys.stderr)
        return 1
    return 1 if counts["fail"] else 0
