#!/usr/bin/env python3
"""trace_seeds.py: writes the seeds of tests/fuzz/trace_corpus, small traces in
each format flowbench reads (own, strace, dbench, fio v2 and v3): valid ones,
and the crafted cases replay must refuse or bound (a fork after descriptor
65535, many pids, a line past 64 KiB hiding a call, numbers out of range).
Usage: trace_seeds.py DIR"""
import os
import sys

OWN = "# flowbench-trace 1\n"
END = "# end\n"


def own(lines):
    return OWN + "".join(l + "\n" for l in lines) + END


def strace(lines):
    return "".join(l + "\n" for l in lines)


def strace_bad(line):
    """A valid first line (the format is known by it), then the bad one."""
    return strace(['100 1700000000.0 unlink("/r/z") = -1 ENOENT (No such file or directory) <0.1>', line])


def seeds():
    s = {}
    s["own-valid"] = own([
        "0.000000000 10 10 open d/f - - O_WRONLY|O_CREAT|O_EXCL 0644 3 0.000021000",
        "0.000040000 10 10 write fd:3 - 4096 - - 4096 0.000007000",
        "0.000050000 10 10 fork - - - - - 11 0.000001000",
        "0.000060000 11 11 read fd:3 0 100 - - 100 0.000001000",
        "0.000070000 10 12 rename d/f - - - - 0 0.000011000 d/g",
        "0.000080000 10 12 symlink l - - - - 0 0.000001000 /etc/passwd",
        "0.000090000 10 10 wait - - - - - 11 0.000001000",
    ])
    # names that read as other fields unless escaped: "-" (empty) and "fd:N" (a descriptor)
    s["own-odd-names"] = own(["0.1 1 1 stat \\055 - - - - 0 0.1", "0.2 1 1 stat \\146d:3 - - - - 0 0.1"])
    # links noted by record: a chain, a loop, a name through a link to a directory, one refused (absolute)
    s["own-links"] = own(["# link a b", "# link b c/d", "# link l l/x", "# link e/f ../g",
                          "0.1 1 1 stat a/z - 5 - - 0 0.1", "0.2 1 1 stat l/y - - - - 0 0.1",
                          "0.3 1 1 open e/f/h - - O_RDONLY - 3 0.1 e/f/h", "0.4 1 1 read fd:3 - 9 - - 9 0.1"])
    s["own-link-absolute"] = own(["# link a /etc", "0.1 1 1 stat a/passwd - - - - 0 0.1"])
    s["own-fork-65535"] = own(
        ["0.000001 1 1 open a - - O_RDWR|O_CREAT 0644 65535 0.000001"]
        + ["%.6f 1 1 fork - - - - - %d 0.000001\n%.6f %d %d fstat fd:65535 - - - - 0 0.000001"
           % (0.00001 + i * 1e-6, 100 + i, 0.0000105 + i * 1e-6, 100 + i, 100 + i) for i in range(40)])
    s["own-many-pids"] = own(["%.6f %d %d stat a - - - - -ENOENT 0.000001" % (i * 1e-6, 2 + i, 2 + i)
                              for i in range(300)])
    s["own-pid-1e300"] = own(["0.1 1e300 1 stat a - - - - 0 0.1"])
    s["own-negative-time"] = own(["-5.0 1 1 stat a - - - - 0 0.1"])
    s["own-nan-time"] = own(["nan 1 1 stat a - - - - 0 0.1"])
    s["own-huge-offset"] = own(["0.1 1 1 open a - - O_RDWR 0 3 0.1",
                                "0.2 1 1 write fd:3 9223372036854775807 4096 - - 4096 0.1"])
    s["own-fd-2g"] = own(["0.1 1 1 open a - - O_RDWR 0 2147483648 0.1"])
    s["own-bad-mode"] = own(["0.1 1 1 chmod a - - - 01000000 0 0.1"])
    s["own-long-line"] = OWN + "0.1 1 1 stat " + "a" * 70000 + " - - - - 0 0.1\n" + END
    s["own-cut"] = OWN + "0.1 1 1 stat a - - - - 0 0.1"
    s["strace-valid"] = strace([
        '100 1700000000.000001 openat(AT_FDCWD</r>, "f", O_WRONLY|O_CREAT, 0644) = 3</r/f> <0.000010>',
        '100 1700000000.000002 write(3</r/f>, "x", 1) = 1 <0.000001>',
        '100 1700000000.000003 clone(child_stack=NULL, flags=SIGCHLD) = 101 <0.000020>',
        '101 1700000000.000004 read(3</r/f>, "", 10 <unfinished ...>',
        '100 1700000000.000005 close(3</r/f>) = 0 <0.000001>',
        '101 1700000000.000006 <... read resumed>) = 0 <0.000002>',
        '101 1700000000.000007 +++ exited with 0 +++',
        '100 1700000000.000008 wait4(-1, [{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = 101 <0.000003>',
    ])
    # a descriptor of AT_FDCWD (fstat of the working directory): left out, not bad input
    s["strace-fstat-cwd"] = strace([
        '100 1700000000.0 newfstatat(AT_FDCWD</r>, "", {st_mode=S_IFDIR|0755, st_size=4096, ...}, AT_EMPTY_PATH) = 0 <0.1>',
        '100 1700000000.1 unlink("/r/a") = 0 <0.1>'])
    # a write whose buffer passes 64 KiB, its tail shaped as a call of its own
    smuggle = '1700000000.000010 unlinkat(AT_FDCWD</r>, "victim", 0) = 0 <0.000001>'
    pad = 65536 - len('100 1700000000.000009 write(1, "')
    s["strace-long-line"] = strace([
        '100 1700000000.000009 write(1, "' + "A" * pad + smuggle + '", 99999) = 99999 <0.000001>'])
    s["strace-pid-1e300"] = strace_bad('[pid 1e300] 1700000000.1 unlink("/r/a") = 0 <0.1>')
    s["strace-bare-pid-1e300"] = strace_bad('1e300 1700000000.1 unlink("/r/a") = 0 <0.1>')
    s["strace-negative-time"] = strace_bad('100 -1700000000.1 unlink("/r/a") = 0 <0.1>')
    s["strace-negative-duration"] = strace_bad('100 1700000000.1 unlink("/r/a") = 0 <-5.0>')
    s["strace-fd-past-int"] = strace_bad('100 1700000000.1 openat(AT_FDCWD</r>, "a", O_RDONLY) = 4294967299</r/a> <0.1>')
    s["strace-child-past-int"] = strace_bad('100 1700000000.1 clone(flags=SIGCHLD) = 4294967396 <0.1>')
    s["strace-huge-pread"] = strace([
        '100 1700000000.1 openat(AT_FDCWD</r>, "a", O_RDONLY) = 3</r/a> <0.1>',
        '100 1700000000.2 pread64(3</r/a>, "", 10, 18446744073709551615) = 0 <0.1>'])
    s["dbench-valid"] = "".join(l + "\n" for l in [
        'NTCreateX "\\clients\\client1\\f" 0x0 2 10000 NT_STATUS_OK',
        'WriteX 10000 0 4096 4096 NT_STATUS_OK',
        'ReadX 10000 0 4096 4096 NT_STATUS_OK',
        'LockX 10000 0 1 NT_STATUS_OK',
        'Close 10000 NT_STATUS_OK',
        'Unlink "\\clients\\client1\\f" 0x0 NT_STATUS_OK',
    ])
    s["dbench-negative-time"] = '-5.0 Flush 1 NT_STATUS_OK\n'
    s["dbench-huge-offset"] = ('NTCreateX "\\f" 0x0 2 10000 NT_STATUS_OK\n'
                               'WriteX 10000 99999999999999999999 4096 4096 NT_STATUS_OK\n')
    s["dbench-long-line"] = 'Mkdir "\\' + "d" * 70000 + '" NT_STATUS_OK\nUnlink "\\x" 0x0 NT_STATUS_OK\n'
    s["fio2-valid"] = "fio version 2 iolog\n/r/a add\n/r/a open\n/r/a write 0 4096\n/r/a read 0 4096\n/r/a close\n"
    s["fio3-valid"] = "fio version 3 iolog\n1 /r/a add\n2 /r/a open\n3 /r/a write 0 4096\n4 /r/a sync\n5 /r/a close\n"
    s["fio2-huge-offset"] = "fio version 2 iolog\n/r/a open\n/r/a write 18446744073709551615 4096\n"
    s["fio3-negative-time"] = "fio version 3 iolog\n-5 /r/a open\n"
    s["fio3-huge-time"] = "fio version 3 iolog\n99999999999999999999 /r/a open\n"
    s["fio2-long-line"] = "fio version 2 iolog\n/r/" + "b" * 70000 + " open\n"
    # escapes that end too soon: \x with no hex digit (it ate the closing quote), a backslash last
    s["strace-escape-x-bare"] = strace_bad('100 1700000000.1 unlink("/r/a\\x") = 0 <0.1>')
    s["strace-escape-at-end"] = strace(['100 1700000000.1 unlink("/r/a\\'])
    return s


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, text in seeds().items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
