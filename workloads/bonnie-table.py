#!/usr/bin/env python3
"""bonnie-table.py: the bonnie++ table of a bonnie.f run, from flowbench's --json.

  flowbench -f bonnie --json run.json && bonnie-table.py run.json [NAME]

Prints bonnie++ 2.00a's two text tables (K/sec or /sec, %CP and latency per
test) and its CSV line (format 1.98, the one bon_csv2txt and bon_csv2html
read). Each test is the phase (process) of bonnie.f named in TESTS below;
the figures come from the JSON only:
  work/sec  bytes written or read / 1024, read calls (seeks) or files, over
            the phase's seconds; "+++++" when the phase took under 0.5 s,
            as bonnie++ prints it
  %CP       the CPU time of the phase's flowops (cpu_ns_per_op x ops) over
            its seconds
  latency   the slowest single call of the phase's I/O or file flowops
"""
import json
import sys

# bonnie++'s columns in its order: (phase of bonnie.f, flowop types whose
# work counts, what counts: "kw" KiB written, "kr" KiB read, "n" calls).
TESTS_IO = [("putc", {"write"}, "kw"), ("blockwrite", {"write"}, "kw"), ("rewrite", {"write"}, "kw"),
            ("getc", {"read"}, "kr"), ("blockread", {"read"}, "kr"), ("seeks", {"read"}, "n")]
TESTS_FILES = [("createseq", {"createfile"}, "n"), ("statseq", {"statfile"}, "n"),
               ("deleteseq", {"deletefile"}, "n"), ("createrand", {"createfile"}, "n"),
               ("statrand", {"statfile"}, "n"), ("deleterand", {"deletefile"}, "n")]
# Flowop types whose calls are the test's own (their latency is the test's).
TIMED = {"write", "read", "createfile", "statfile", "deletefile"}
MIN_SECONDS = 0.5   # bonnie++ prints "+++++" for a test shorter than this


def phases(doc):
    """Each phase's seconds and flowops, by the process that ran it."""
    out = {}
    for run in doc.get("runs", []):
        procs = {f["process"] for f in run.get("flowops", [])}
        if len(procs) == 1:
            out[procs.pop()] = run
    return out


def figures(run, types, what):
    """(work per second or None, %CP, slowest call in seconds) of one phase."""
    secs = run["seconds"]
    fl = run["flowops"]
    counted = [f for f in fl if f["type"] in types]
    if what == "n":
        work = sum(f["ops"] for f in counted)
    else:
        work = sum(f["bytes"] for f in counted) / 1024.0
    cpu_s = sum(f["cpu_ns_per_op"] * f["ops"] for f in fl) / 1e9
    lat = max((f["latency_ns"]["max"] for f in fl if f["type"] in TIMED and f["ops"] > 0), default=0) / 1e9
    if secs < MIN_SECONDS:
        return None, None, lat
    return work / secs, int(cpu_s / secs * 100), lat


def latency_text(s):
    """bonnie++'s latency: whole us below 0.1 s, whole ms below 100 s, else s."""
    if s <= 0:
        return ""
    if s < 0.1:
        return "%dus" % int(s * 1e6)
    return "%dms" % int(s * 1e3) if s < 100 else "%ds" % int(s)


def size_text(nbytes, units):
    """A size as bonnie++ names it: the largest unit it is a whole number of."""
    n, i = nbytes // units[0][1], 0
    while i + 1 < len(units) and nbytes % units[i + 1][1] == 0 and nbytes >= units[i + 1][1]:
        i += 1
        n = nbytes // units[i][1]
    return "%d%s" % (n, units[i][0])


def rate_text(rate, kib):
    """A rate for the 80-column table: KiB/s with k, m or g, or a count."""
    if not kib:
        return "%5.0f" % rate if rate >= 1000 else "%5.1f" % rate
    if rate < 10000:
        return "%4dk" % int(rate)
    if rate / 1024 < 1000:
        m = rate / 1024
        return "%4.1fm" % m if m < 100 else "%4dm" % int(m + 0.5)
    return "%4.1fg" % (rate / 1048576)


def csv_rate(rate, kib):
    if kib:
        return "%d" % int(rate)
    return "%.0f" % rate if rate >= 1000 else "%.1f" % rate


def row(ph, tests):
    """The text cells, CSV cells and latencies of one table's tests."""
    text, csv, lats = [], [], []
    for name, types, what in tests:
        run = ph.get(name)
        if run is None:
            text.append("          ")
            csv += ["", ""]
            lats.append("")
            continue
        rate, cpu, lat = figures(run, types, what)
        kib = what != "n"
        if rate is None:
            text.append(" +++++ +++")
            csv += ["+++++", "+++"]
        else:
            text.append(" %s %3d" % (rate_text(rate, kib), cpu))
            csv += [csv_rate(rate, kib), "%d" % cpu]
        lats.append(latency_text(lat))
    return text, csv, lats


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: bonnie-table.py RUN.json [NAME]\n")
        return 2
    with open(argv[1]) as f:
        doc = json.load(f)
    ph = phases(doc)
    if not any(t[0] in ph for t in TESTS_IO + TESTS_FILES):
        sys.stderr.write("bonnie-table.py: %s holds no phase of bonnie.f\n" % argv[1])
        return 1
    v = next(iter(doc["runs"]))["meta"]["variables"]
    name = argv[2] if len(argv) > 2 else doc["host"]["hostname"]
    size = size_text(int(v["filesize"]), [("M", 1 << 20), ("G", 1 << 30)])
    io_text, io_csv, io_lat = row(ph, TESTS_IO)
    f_text, f_csv, f_lat = row(ph, TESTS_FILES)
    version = "fb-" + doc.get("flowbench_version", "")
    print("Version %9s   ------Sequential Output------ --Sequential Input- --Random-" % version[:9])
    print("                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--")
    print("Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP")
    left = 18 - len(size)
    print("%s %s%s" % (name[:left].ljust(left), size, "".join(io_text)))
    print("Latency          " + "".join(" %9s" % l for l in io_lat))
    nfiles = int(v["nfiles"]) // 1024
    print("                    ------Sequential Create------ --------Random Create--------")
    print("%-19.19s -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--" % name)
    print("              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP")
    print("%19s%s" % (nfiles, "".join(f_text)))
    print("Latency          " + "".join(" %9s" % l for l in f_lat))
    small = int(v.get("smallfilesize", "0") or 0)
    csv = ["1.98", version, name, "1", "", size, "", v["nseeks"], v["nseekers"]] + io_csv
    csv += ["%d" % nfiles, "%d" % small if small else "", "", "", ""] + f_csv + io_lat + f_lat
    print(",".join(csv))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
