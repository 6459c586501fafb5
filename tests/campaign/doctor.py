#!/usr/bin/env python3
"""doctor.py SRC DST POINT FLOWOP FIGURE FACTOR: a copy of a summary.json or a
results.json with one figure scaled (mean and values; a results.json's run
POINT, its figure as named there, e.g. ops_per_s). FLOWOP "total" for the total."""
import json, sys

src, dst, point, flowop, figure, factor = sys.argv[1:7]
point, factor = int(point), float(factor)
doc = json.load(open(src))
if "points" in doc:
    p = doc["points"][point]
    row = p["total"] if flowop == "total" else next(f for f in p["flowops"] if f["name"] == flowop)
    row[figure]["mean"] *= factor
    row[figure]["values"] = [v * factor for v in row[figure]["values"]]
else:
    run = doc["runs"][point]
    row = run["summary"] if flowop == "total" else next(f for f in run["flowops"] if f["name"] == flowop)
    if figure in ("p50", "p99"):
        row["latency_ns"][figure] *= factor
    else:
        row[figure] *= factor
json.dump(doc, open(dst, "w"), indent=1)
