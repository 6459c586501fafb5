#!/usr/bin/env python3
"""on_pty.py BIN ARGS...: runs BIN with ARGS on a pseudo-terminal, as a user's terminal
would, and writes what it drew to standard output (escapes and carriage returns kept);
exits with its exit status. Imported, run(bin, args) gives (output, exit status)."""
import os
import pty
import sys


def run(binary, args):
    """Runs binary with args on a pseudo-terminal; its output and exit status."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary, *args])
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return out.decode(errors="replace"), os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    text, rc = run(sys.argv[1], sys.argv[2:])
    sys.stdout.write(text)
    sys.exit(rc)
