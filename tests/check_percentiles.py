#!/usr/bin/env python3
"""check_percentiles.py FLOWOP JSON CSV TEXT LOG...: the percentiles a run reported
for FLOWOP in its JSON, CSV and text report against the exact ones of its latency
logs (every rank's, merged). The expected figure of each percentile is the
nearest-rank sample (the ceil(q*N)-th smallest): exactly, when it is the smallest
or the largest; else the middle of its histogram bucket (docs/json.md). Prints
one line per mismatch and exits 1 if there is any."""
import csv, json, sys

SUB_BITS, SUB, OCTAVES = 6, 64, 44
PCTS = [(500000, "p50"), (900000, "p90"), (950000, "p95"), (990000, "p99"), (999000, "p99.9"), (999900, "p99.99")]


def bucket(ns):
    if ns < SUB:
        return ns
    shift = ns.bit_length() - 1 - SUB_BITS
    return min(((shift + 1) << SUB_BITS) + ((ns >> shift) & (SUB - 1)), SUB * OCTAVES - 1)


def bucket_low_width(b):
    if b < SUB:
        return b, 1
    shift = (b >> SUB_BITS) - 1
    return (SUB + (b & (SUB - 1))) << shift, 1 << shift


def expected(lats, qm):
    n = len(lats)
    rank = max(1, (qm * n + 999999) // 1000000)  # in integers: 0.99 * 100 is 99
    if rank == 1:
        return lats[0]
    if rank == n:
        return lats[-1]
    low, width = bucket_low_width(bucket(lats[rank - 1]))
    return min(max(low + (width - 1) // 2, lats[0]), lats[-1])


def main():
    flowop, js, cs, text, logs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    lats = sorted(int(r["lat_ns"]) for log in logs for r in csv.DictReader(open(log)) if r["flowop"] == flowop)
    want = {name: expected(lats, qm) for qm, name in PCTS}
    bad = []

    def compare(where, name, got, exp):
        if got != exp:
            bad.append("%s %s of %d ops: got %s, want %s (samples %s)" % (where, name, len(lats), got, exp,
                                                                           lats if len(lats) <= 12 else "..."))

    run = json.load(open(js))["runs"][-1]
    row = [f for f in run["flowops"] if f["name"] == flowop][0]
    compare("json", "ops", row["ops"], len(lats))
    for _, name in PCTS:
        compare("json", name, row["latency_ns"][name], want[name])
    rows = [r for r in csv.DictReader(open(cs)) if r["flowop"] == flowop]
    for _, name in PCTS:
        compare("csv", name, int(rows[-1][name.replace(".", "_") + "_ns"]), want[name])
    line = [l for l in open(text) if l.startswith(flowop + " ")][-1].split()
    for name in ("p50", "p95", "p99", "p99.9"):
        got = line[line.index(name) + 1]
        compare("text", name, got, "%.3fms" % (want[name] / 1e6))
    for b in bad:
        print("FAIL", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
