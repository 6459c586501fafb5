#!/usr/bin/env python3
"""make_tree.py ROOT SWEPT REPEATS [SPREAD]: a hand-made results tree at ROOT for
the compare and index tests: summary.json (docs/profiles.md) over the cross
product of SWEPT ("nthreads=1,4;iosize=4k,64k"), each point REPEATS times (its
ops/s SPREAD apart, 300 by default), with a results.json per point (per repeat)
so the index has something to link to."""
import itertools, json, math, os, sys

T95 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776}


def fig(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return {"mean": mean, "stddev": sd, "ci95": T95.get(n, 2.0) * sd / math.sqrt(n) if n > 1 else 0.0,
            "n": n, "values": values}


def main():
    root, spec, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
    spread = float(sys.argv[4]) if len(sys.argv) > 4 else 300.0
    grid = [(v.split("=")[0], v.split("=")[1].split(",")) for v in spec.split(";")]
    swept = [name for name, _ in grid]
    points = []
    for combo in itertools.product(*[[(i, x) for i, x in enumerate(vals)] for _, vals in grid]):
        sv = {name: x for name, (_, x) in zip(swept, combo)}
        k = 1
        for j, (i, _) in enumerate(combo):
            k *= 1 + i * (j + 1)
        # Repeats spread by SPREAD ops/s around the mean: a wide interval.
        ops = [5000.0 * k + spread * (r - (repeats - 1) / 2) for r in range(repeats)]
        path = "cfg/" + ",".join(f"{a}={b}" for a, b in sv.items())
        for r in range(repeats):
            d = os.path.join(root, path, f"repeat-{r + 1}" if repeats > 1 else "")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "results.json"), "w") as f:
                f.write("{}\n")
        row = {"ops_per_s": fig(ops), "mb_per_s": fig([o / 128 for o in ops]),
               "p50_ms": fig([100 / o for o in ops]), "p99_ms": fig([900 / o for o in ops])}
        points.append({"config": "cfg", "path": path, "vars": dict(sv, nfiles="100"), "swept": sv,
                       "repeats": repeats, "status": "ok",
                       "total": dict(row, cpu_us_per_op=fig([3.0] * repeats)),
                       "flowops": [dict(row, name="read1"), dict(row, name="write1")],
                       "devices": [{"name": "loop0", "read_mb_per_s": fig([12.5] * repeats),
                                    "write_mb_per_s": fig([3.0] * repeats), "await_ms": fig([0.5] * repeats),
                                    "util_pct": fig([40.0] * repeats)}]})
    summary = {"flowbench": "0.1.0", "profile": "fixture <sweep>", "description": "made by tests/campaign/make_tree.py",
               "host": "testhost", "filesystem": "tmpfs", "started": "2026-12-02T10:00:00Z",
               "finished": "2026-12-02T10:10:00Z", "swept": swept, "points": points}
    with open(os.path.join(root, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)


main()
