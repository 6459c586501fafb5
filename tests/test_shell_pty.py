#!/usr/bin/env python3
"""test_shell_pty.py BIN: the interactive shell on a pseudo-terminal: prompt,
tab completion, line editing, history kept across sessions, and Ctrl-C, which
drops the line at the prompt and cancels only the command that runs."""
import json
import os
import pty
import select
import shutil
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import check, summary  # noqa: E402

BIN = sys.argv[1]


class Shell:
    def __init__(self, home, args=()):
        env = dict(os.environ, HOME=home, TERM="xterm")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(BIN, [BIN, *args], env)
        self.buf = b""
        self.status = None

    def read_until(self, token, timeout=10.0):
        end = time.time() + timeout
        while token.encode() not in self.buf:
            left = end - time.time()
            if left <= 0:
                return False
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                continue
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                return False
            if not data:
                return False
            self.buf += data
        return True

    def send(self, text):
        os.write(self.fd, text.encode())

    def take(self):
        out, self.buf = self.buf, b""
        return out.decode(errors="replace")

    def reap(self):
        if self.status is None:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            self.status = st if pid == self.pid else None
        return self.status

    def alive(self):
        return self.reap() is None

    def close(self, timeout=30.0):
        # read what is left, so a shell writing at its end never blocks on a full pty
        end = time.time() + timeout
        while self.reap() is None and time.time() < end:
            self.read_until("\0never\0", 0.2)
        if self.reap() is None:
            os.kill(self.pid, signal.SIGKILL)
            _, self.status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return self.status

    def command(self, text, expect, timeout=10.0):
        """Sends a line; true when expect and then the next prompt appear."""
        self.take()
        self.send(text + "\r")
        return self.read_until(expect, timeout) and self.read_until("flowbench> ", timeout)


def ctrl_c(home):
    """Ctrl-C at the prompt and during sleep, population and a run: the shell
    survives each, works after it, and writes its --json output at quit."""
    work = tempfile.mkdtemp(prefix="flowbench-pty-work.", dir="/tmp")
    try:
        out = os.path.join(work, "out.json")
        sh = Shell(home, ["--json", out])
        sh.read_until("flowbench> ")
        # at the prompt: the line is dropped, not run
        sh.take()
        sh.send('echo "dropped')
        sh.read_until("dropped")
        sh.send("\x03")
        check("ctrl_c_prompt", sh.read_until("flowbench> ", 5), repr(sh.buf))
        check("ctrl_c_prompt_works_after", sh.command('echo "alive1"', "alive1\r\n"), repr(sh.buf))
        check("ctrl_c_prompt_dropped", "dropped\r\n" not in sh.buf.decode(errors="replace"), repr(sh.buf))
        # at the continuation prompt: the command begun is dropped too
        sh.take()
        sh.send("define fileset name=half,\r")
        sh.read_until("...> ")
        sh.send("\x03")
        check("ctrl_c_continuation", sh.read_until("flowbench> ", 5), repr(sh.buf))
        check("ctrl_c_continuation_dropped", sh.command("list filesets", "flowbench> ") and "half" not in
              sh.buf.decode(errors="replace").split("list filesets", 1)[-1], repr(sh.buf))
        # during sleep: the sleep returns, the shell stays
        sh.take()
        sh.send("sleep 30\r")
        sh.read_until("sleep 30\r\n")
        time.sleep(0.5)
        t0 = time.time()
        sh.send("\x03")
        check("ctrl_c_sleep", sh.read_until("flowbench> ", 10) and time.time() - t0 < 10, repr(sh.buf))
        check("ctrl_c_sleep_works_after", sh.command('echo "alive2"', "alive2\r\n"), repr(sh.buf))
        # during a run: the run stops with its summary, the shell stays
        sh.command(f"set $dir={work}", "flowbench> ")
        sh.command("define fileset name=small, path=$dir, entries=10, dirwidth=10, size=1k, prealloc", "flowbench> ")
        sh.command("define process name=p { thread name=t { flowop statfile name=s1, filesetname=small } }",
                   "flowbench> ")
        sh.take()
        sh.send("run 60\r")
        check("run_started", sh.read_until("Running", 30), repr(sh.buf))
        time.sleep(0.5)
        sh.send("\x03")
        check("ctrl_c_run_summary", sh.read_until("IO Summary", 15), repr(sh.buf))
        check("ctrl_c_run", sh.read_until("flowbench> ", 15), repr(sh.buf))
        check("ctrl_c_run_works_after", sh.command('echo "alive3"', "alive3\r\n"), repr(sh.buf))
        # during the population of a large fileset: stopped, its partial tree removed
        sh.command("define fileset name=big, path=$dir, entries=60000, dirwidth=100, size=4k, prealloc",
                   "flowbench> ")
        sh.take()
        sh.send("create files\r")
        # the marker is the first file of a population; 60000 files take far longer than this poll
        marker = os.path.join(work, "big", ".flowbench-fileset")
        end = time.time() + 30
        while not os.path.exists(marker) and time.time() < end:
            time.sleep(0.01)
        sh.send("\x03")
        check("ctrl_c_population", sh.read_until("flowbench> ", 60), repr(sh.buf))
        text = sh.buf.decode(errors="replace")
        check("population_started", "populated" not in text, repr(text))
        check("ctrl_c_population_message", "interrupted" in text and "removed the partial tree" in text, repr(text))
        check("ctrl_c_population_tree_removed", not os.path.exists(os.path.join(work, "big")),
              str(os.listdir(work)))
        check("ctrl_c_population_works_after", sh.command('echo "alive4"', "alive4\r\n"), repr(sh.buf))
        check("ctrl_c_shell_alive", sh.alive(), "the shell ended")
        sh.send("quit\r")
        status = sh.close()
        check("ctrl_c_quit_status", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, str(status))
        try:
            runs = json.load(open(out))["runs"]
        except (OSError, ValueError, KeyError) as e:
            runs = [{"end": repr(e)}]
        check("ctrl_c_json_at_quit", [r.get("end") for r in runs] == ["signal"], repr(runs)[:300])
    finally:
        shutil.rmtree(work, ignore_errors=True)


def hangup(home):
    """SIGHUP (the terminal closed) at the prompt: the shell leaves as after quit,
    history saved, with status 129."""
    sh = Shell(home)
    sh.read_until("flowbench> ")
    sh.command('echo "before hangup"', "before hangup\r\n")
    os.kill(sh.pid, signal.SIGHUP)
    status = sh.close()
    check("hangup_status", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 129, str(status))
    hist = os.path.join(home, ".flowbench_history")
    text = open(hist, errors="replace").read().replace("\\040", " ") if os.path.exists(hist) else ""
    check("hangup_history_saved", "before hangup" in text, repr(text[-300:]))


home = tempfile.mkdtemp(prefix="flowbench-pty.", dir="/tmp")
try:
    sh = Shell(home)
    check("prompt", sh.read_until("flowbench> "), repr(sh.buf[-200:]))
    sh.take()
    # completion of a command name, then run it
    sh.send("vers\t")
    check("complete_command", sh.read_until("ion"), repr(sh.buf))
    sh.send("\r")
    check("run_completed", sh.read_until("flowbench 0.") and sh.read_until("flowbench> "), repr(sh.buf))
    sh.take()
    # completion of a flowop type after 'help'
    sh.send("help appendfiler\t\r")
    check("complete_flowop", sh.read_until("flowop appendfilerand:"), repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.take()
    # completion of a workload name after 'load'
    sh.send("load varm\t\r")
    check("complete_workload", sh.read_until("loaded workload 'varmail'"), repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.take()
    # completion of a variable
    sh.send("echo \"$nfi\t\"\r")
    check("complete_variable", sh.read_until("1000"), repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.take()
    # completion of the word after 'list' and after 'define' (read from their tables)
    sh.send("list vari\t\r")
    check("complete_list_topic", sh.read_until("ables") and sh.read_until("$nfiles"), repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.take()
    sh.send("define rand\t")
    check("complete_define_word", sh.read_until("var"), repr(sh.buf))
    sh.send(" name=$r, type=uniform, min=7, mean=7\r")
    sh.read_until("flowbench> ")
    sh.take()
    sh.send("echo \"$r\"\r")
    check("complete_define_defines", sh.read_until("uniform random var"), repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.take()
    # line editing: type, move left, insert
    sh.send("echo \"ac\"\x1b[D\x1b[Db\r")
    check("line_editing", sh.read_until("abc\r\n") or "abc" in sh.buf.decode(errors="replace"), repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.take()
    # an error aborts the command only
    sh.send("define fileset name=x, sizze=1\r")
    check("error_in_shell", sh.read_until("did you mean 'size'?"), repr(sh.buf))
    check("shell_survives", sh.read_until("flowbench> "), repr(sh.buf))
    # a command over several lines gets a continuation prompt
    sh.send("define fileset name=y,\r")
    check("continuation", sh.read_until("...> "), repr(sh.buf))
    sh.send("path=/tmp, entries=3, dirwidth=3\r")
    sh.read_until("flowbench> ")
    sh.take()
    sh.send("list filesets\r")
    check("multiline_defined", sh.read_until("y ") , repr(sh.buf))
    sh.read_until("flowbench> ")
    sh.send("quit\r")
    status = sh.close()
    check("quit_status", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, str(status))
    hist = os.path.join(home, ".flowbench_history")
    text = open(hist, errors="replace").read() if os.path.exists(hist) else ""
    text = text.replace("\\040", " ")  # libedit's history file escapes spaces
    check("history_saved", "version" in text and "list filesets" in text, repr(text[:300]))
    # history survives into the next session: up arrow recalls the last line
    sh = Shell(home)
    sh.read_until("flowbench> ")
    sh.take()
    sh.send("\x1b[A")
    check("history_recall", sh.read_until("quit"), repr(sh.buf))
    sh.send("\r")
    status = sh.close()
    check("recalled_quit", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, str(status))
    ctrl_c(home)
    hangup(home)
finally:
    shutil.rmtree(home, ignore_errors=True)

def test_failed_load_keeps_the_workload_before():
    """A load that fails midway (a duplicate definition on its line 3) leaves
    the shell's model exactly as before: varmail's fileset, none of the broken one's."""
    home = tempfile.mkdtemp(prefix="flowbench-pty.", dir="/tmp")
    try:
        broken = os.path.join(home, "broken.f")
        with open(broken, "w") as f:
            f.write("set $halfvar=7\ndefine fileset name=halfset,path=/tmp,entries=1\n"
                    "define fileset name=halfset,path=/tmp,entries=2\n")
        sh = Shell(home)
        sh.read_until("flowbench> ")
        sh.take()  # else the banner's prompt ends the wait for the prompt after the load
        sh.send("load varmail\r")
        check("load_good", sh.read_until("loaded workload 'varmail'") and sh.read_until("flowbench> "), repr(sh.buf))
        sh.take()
        sh.send(f"load {broken}\r")
        check("load_broken_fails", sh.read_until("already defined") and sh.read_until("flowbench> "), repr(sh.buf))
        sh.take()
        sh.send("list filesets\r")
        ok = sh.read_until("flowbench> ")
        text = sh.take()
        check("load_failed_keeps_model", ok and "bigfileset" in text and "halfset" not in text, repr(text))
        sh.send("list variables\r")
        ok = sh.read_until("flowbench> ")
        text = sh.take()
        check("load_failed_keeps_vars", ok and "$nfiles" in text and "halfvar" not in text, repr(text))
        sh.send("usage\r")
        check("load_failed_keeps_usage", sh.read_until("flowbench> ") and "this workload has no usage" not in sh.take(),
              "usage text lost")
        sh.send("quit\r")
        status = sh.close()
        check("load_failed_quit", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, str(status))
    finally:
        shutil.rmtree(home, ignore_errors=True)


test_failed_load_keeps_the_workload_before()

def test_completion_inside_attribute_lists():
    """Tab completes after '{' (the block's keyword) and after ',' (the entity's
    attributes, with or without a blank), and the completed line defines the process."""
    home = tempfile.mkdtemp(prefix="flowbench-pty.", dir="/tmp")
    try:
        sh = Shell(home)
        sh.read_until("flowbench> ")
        sh.take()
        steps = [("define process name=q {thr\t", "ead", "complete_after_brace_process"),
                 ("name=t {flo\t", "wop", "complete_after_brace_thread"),
                 ("read name=r,filen\t", "ame", "complete_after_comma"),
                 ("=f, iosi\t", "ze", "complete_after_comma_blank")]
        for text, suffix, name in steps:
            sh.send(text)
            # the completion is the rest of the word and a blank, after the echo of the text
            check(name, sh.read_until(suffix + " ", 5.0), repr(sh.buf))
            sh.take()
        sh.send("=1k}}\r")
        check("completed_line_runs", sh.read_until("flowbench> ") and "error" not in sh.take(), "the completed line failed")
        sh.send("list flowops\r")
        ok = sh.read_until("flowbench> ")
        text = sh.take()
        check("completed_line_defines", ok and "process q, thread t" in text and "flowop read" in text, repr(text))
        # only the attributes a hog reads are offered: 'i' can only be iters (not iosize, indexed)
        sh.send("define process name=h {thread name=t {flowop hog name=x,i\t")
        check("complete_flowop_own_attrs", sh.read_until("ters ", 5.0), repr(sh.buf))
        sh.take()
        sh.send("=2,value=10}}\r")
        check("completed_hog_line_runs", sh.read_until("flowbench> ") and "error" not in sh.take(), "the completed line failed")
        sh.send("quit\r")
        sh.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


test_completion_inside_attribute_lists()
sys.exit(summary())
