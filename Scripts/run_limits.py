#!/usr/bin/env python3
"""Measures `cheonjiin run` where a terminal must never break, beside tmux as the inner program.

    Scripts/run_limits.py [--binary PATH] [--size 80x24] [--only NAME,...] [--peer]

Each case runs in a private outer tmux server (a real terminal for the program under test) and
prints one line of figures:

  ctrlc   `seq 1 20000000` in bash, Ctrl-C after 1 s: time until the prompt shows again
  yes     `yes` for 4 s: peak RSS of the inner program, whether the screen drew, then the time
          SIGTERM (and, in a second run, SIGHUP) takes to end it
  paste   100 KB pasted into `sleep 30`: time until a key (the dock key) shows its effect, and
          until SIGTERM ends it
  typing  41 KB sent in 1 KB writes into `sh -c 'stty raw -echo; sleep 60'`: the same

With --peer, each case is also run with tmux as the inner program (a nested tmux server), as
the issue compares. Figures are wall-clock on this machine; re-run them on a quiet one.
Standard library only.
"""
import argparse, os, re, shlex, shutil, subprocess, sys, tempfile, time

PROMPT = "P>"


class Outer:
    """A private tmux server whose one pane runs `command` (the program under test)."""

    def __init__(self, command, size, env):
        self.socket = "run-limits-%d-%d" % (os.getpid(), int(time.monotonic() * 1000) % 100000)
        cols, rows = size
        assignments = " ".join("%s=%s" % (k, shlex.quote(v)) for k, v in sorted(env.items()))
        shell = "exec env -u TMUX %s %s" % (assignments, command)
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", str(cols), "-y", str(rows),
                  "sh", "-c", shell)
        self.pid = int(self.tmux("display", "-p", "-t", "0", "#{pane_pid}").strip())

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket] + list(args), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True).stdout

    def keys(self, *names):
        self.tmux("send-keys", "-t", "0", *names)

    def literal(self, text):
        self.tmux("send-keys", "-t", "0", "-l", text)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "0")

    def wait(self, condition, timeout=20.0, step=0.01):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():
                return True
            time.sleep(step)
        return False

    def close(self):
        socket_path = self.tmux("display-message", "-p", "#{socket_path}").strip()
        self.tmux("kill-server")
        if socket_path.endswith("/" + self.socket) and os.path.exists(socket_path):
            os.remove(socket_path)  # tmux 3.3 leaves it behind
        if alive(self.pid):  # a program that hangs must not outlive the measurement
            os.kill(self.pid, 9)


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def alive(pid):
    """Whether the process runs (a zombie waiting for its parent has ended)."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class Inner:
    """How to start the program under test, and which process to measure."""

    def __init__(self, name, binary, scratch):
        self.name = name
        self.binary = binary
        self.scratch = scratch
        self.socket = "run-limits-inner-%d" % os.getpid()

    def command(self, argv):
        words = " ".join(shlex.quote(a) for a in argv)
        if self.name == "cheonjiin":
            return "%s run -- %s" % (shlex.quote(self.binary), words)
        return "tmux -L %s -f /dev/null new-session %s" % (self.socket, words)

    def measured_pid(self, outer):
        if self.name == "cheonjiin":
            return outer.pid
        found = subprocess.run(["tmux", "-L", self.socket, "display", "-p", "#{pid}"],
                               capture_output=True, text=True).stdout.strip()
        return int(found) if found else outer.pid

    def child_ready(self, outer):
        # cheonjiin's dock, or any text from the nested tmux's program.
        return outer.wait(lambda: "F1" in outer.screen() or self.name == "tmux", 10)

    def cleanup(self):
        if self.name == "tmux":
            path = subprocess.run(["tmux", "-L", self.socket, "display-message", "-p",
                                   "#{socket_path}"], capture_output=True, text=True).stdout.strip()
            subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
            if path.endswith("/" + self.socket) and os.path.exists(path):
                os.remove(path)


def environment(scratch):
    env = {"LANG": "C.UTF-8", "TERM": "tmux-256color", "HOME": scratch, "PATH": "/usr/bin:/bin",
           "XDG_STATE_HOME": os.path.join(scratch, "state"),
           "XDG_CONFIG_HOME": os.path.join(scratch, "config"), "PS1": PROMPT + " "}
    layouts = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Layouts")
    env["CHEONJIIN_LAYOUTS"] = os.path.abspath(layouts)
    return env


def prompt_back(screen):
    return any(line.rstrip() == PROMPT for line in screen.splitlines())


def case_ctrlc(inner, size, env):
    outer = Outer(inner.command(["bash", "--norc", "--noprofile"]), size, env)
    try:
        outer.wait(lambda: prompt_back(outer.screen()), 10)
        outer.literal("seq 1 20000000")
        outer.keys("Enter")
        time.sleep(1.0)
        pid = inner.measured_pid(outer)
        peak = rss_kb(pid)
        start = time.monotonic()
        outer.keys("C-c")
        back = outer.wait(lambda: prompt_back(outer.screen()), 60, 0.005)
        elapsed = time.monotonic() - start
        return "ctrlc  %-9s prompt back %s after Ctrl-C; RSS %d MB during seq" % (
            inner.name, "%.3f s" % elapsed if back else "NOT within 60 s", peak // 1024)
    finally:
        outer.close()
        inner.cleanup()


def case_yes(inner, size, env, signal_name):
    outer = Outer(inner.command(["yes"]), size, env)
    try:
        time.sleep(0.5)
        pid = inner.measured_pid(outer)
        peak = 0
        end = time.monotonic() + 4
        while time.monotonic() < end:
            peak = max(peak, rss_kb(pid))
            time.sleep(0.1)
        drew = outer.screen().count("y\n") >= 3
        start = time.monotonic()
        subprocess.run(["kill", "-" + signal_name, str(pid)])
        gone = outer.wait(lambda: not alive(pid) or outer.screen().strip() == "", 30, 0.005)
        elapsed = time.monotonic() - start
        return "yes    %-9s peak RSS %d MB over 4 s; screen drawn: %s; SIG%s ends it in %s" % (
            inner.name, peak // 1024, "yes" if drew else "NO", signal_name,
            "%.3f s" % elapsed if gone else "NOT within 30 s")
    finally:
        outer.close()
        inner.cleanup()


def responsive(outer, inner, pid, label):
    """Presses the dock key (F12) and times its effect; then SIGTERM."""
    before = outer.screen()
    start = time.monotonic()
    outer.keys("F12")
    changed = outer.wait(lambda: outer.screen() != before, 10, 0.005)
    key_time = time.monotonic() - start
    rss = rss_kb(pid)
    start = time.monotonic()
    subprocess.run(["kill", "-TERM", str(pid)])
    gone = outer.wait(lambda: not alive(pid), 30, 0.005)
    term_time = time.monotonic() - start
    return "%-6s %-9s key shows after %s; SIGTERM ends it in %s; RSS %d MB" % (
        label, inner.name, "%.3f s" % key_time if changed else "NEVER (10 s)",
        "%.3f s" % term_time if gone else "NOT within 30 s", rss // 1024)


def case_paste(inner, size, env, scratch):
    outer = Outer(inner.command(["sleep", "30"]), size, env)
    try:
        inner.child_ready(outer)
        path = os.path.join(scratch, "paste.txt")
        with open(path, "w") as f:
            line = "echo 0123456789 가나다라마바사 abcdefghijklmnopqrstuvwxyz\n"
            f.write(line * (100_000 // len(line.encode()) + 1))
        outer.tmux("load-buffer", path)
        outer.tmux("paste-buffer", "-p", "-t", "0")
        time.sleep(0.5)
        pid = inner.measured_pid(outer)
        return responsive(outer, inner, pid, "paste")
    finally:
        outer.close()
        inner.cleanup()


def case_typing(inner, size, env):
    outer = Outer(inner.command(["sh", "-c", "stty raw -echo; sleep 60"]), size, env)
    try:
        inner.child_ready(outer)
        time.sleep(0.3)
        chunk = "abcdefghij" * 100 + "\r" * 24
        for _ in range(41):
            outer.literal(chunk)
        time.sleep(0.5)
        pid = inner.measured_pid(outer)
        return responsive(outer, inner, pid, "typing")
    finally:
        outer.close()
        inner.cleanup()


def main():
    parser = argparse.ArgumentParser()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "cheonjiin"))
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--only", default="ctrlc,yes,paste,typing")
    parser.add_argument("--peer", action="store_true", help="also with tmux as the inner program")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    only = args.only.split(",")
    scratch = tempfile.mkdtemp(prefix="run-limits-")
    try:
        env = environment(scratch)
        inners = ["cheonjiin"] + (["tmux"] if args.peer else [])
        for name in inners:
            inner = Inner(name, os.path.abspath(args.binary), scratch)
            if "ctrlc" in only:
                print(case_ctrlc(inner, (cols, rows), env), flush=True)
            if "yes" in only:
                print(case_yes(inner, (cols, rows), env, "TERM"), flush=True)
                print(case_yes(inner, (cols, rows), env, "HUP"), flush=True)
            if name == "cheonjiin" and "paste" in only:
                print(case_paste(inner, (cols, rows), env, scratch), flush=True)
            if name == "cheonjiin" and "typing" in only:
                print(case_typing(inner, (cols, rows), env), flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
