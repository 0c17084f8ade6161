#!/usr/bin/env python3
"""`make bench` figures for `cheonjiin run`, side by side with tmux as the
inner multiplexer and uim-fep (Debian's uim-fep with uim-byeoru, the terminal input method that
passes output straight through) in the same outer terminal (a pty this script reads as fast as
it can):

- throughput: `seq 1 1000000`, a 20 MB file of ASCII text and one of Korean text `cat`, and
  `find /usr/share /usr/lib`, each at 80×24, 100×32 and 200×60, spawn to exit, with cheonjiin
  run's peak RSS (BENCH_RUN_WORKLOADS picks some of seq,ascii,korean,find);
- key → bytes written to the program (read by a probe program on the inner terminal) under run,
  tmux and uim-fep, and key → the open syllable drawn on the outer terminal, p50/p99;
- idle: wake-ups (context switches of every thread) over 10 s while nothing happens.

Standard library only. Prints labelled figures; exits non-zero only if a program fails to run.
CHEONJIIN_BIN picks another binary; BENCH_RUN_PARTS (throughput,latency,idle) picks parts.
"""
import os, pty, select, shlex, shutil, signal, statistics, struct, subprocess, sys, tempfile, termios, fcntl, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CHEONJIIN_BIN", os.path.join(ROOT, ".build/release/cheonjiin"))
SIZES = [(24, 80), (32, 100), (60, 200)]
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
KEYS = int(os.environ.get("BENCH_KEYS", "300"))
MEGABYTES = int(os.environ.get("BENCH_RUN_MB", "20"))
ENV = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color",
           CHEONJIIN_LAYOUTS=os.path.join(ROOT, "Layouts"), CHEONJIIN_LEXICON=os.path.join(ROOT, "Lexicon"))
SS3 = {"7": "\x1bOw", ".": "\x1bOn"}  # keypad keys in application keypad mode, as xterm sends them

# The probe: a program on the inner terminal that notes when each read arrives (CLOCK_MONOTONIC
# is one clock for every process) and how many bytes it got.
PROBE = r"""
import os, sys, time, tty
tty.setraw(0)
log = open(sys.argv[1], "w", buffering=1)
log.write("ready\n")
while True:
    data = os.read(0, 4096)
    if not data or b"\x04" in data: break
    log.write(f"{time.monotonic_ns()} {len(data)}\n")
"""


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    lower = int(k)
    upper = min(lower + 1, len(values) - 1)
    return values[lower] + (values[upper] - values[lower]) * (k - lower)


# What the outer terminal answers to a primary device attributes query (CSI c), as tmux does.
# Every terminal answers it, and cheonjiin waits for the answer before it gives the terminal
# back (up to a second), so that the answer is not typed at the shell's prompt: an outer
# terminal that never answered added that second to every run of cheonjiin's.
DA1_QUERIES = (b"\x1b[c", b"\x1b[0c")
DA1_REPLY = b"\x1b[?1;2c"
# uim-fep asks where the cursor is (CSI 6 n) as it starts, and takes the keys that come before
# the answer for it: a terminal answers at once.
CPR_QUERY = b"\x1b[6n"
CPR_REPLY = b"\x1b[1;1R"


class Outer:
    """The outer terminal: a pty of 80×24 whose output is read and counted, never drawn; it
    answers device attributes queries as a real terminal does."""

    def __init__(self, command, rows=24, cols=80):
        self.started = time.monotonic()
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            os.execvpe(command[0], command, ENV)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.output = bytearray()
        self.total = 0
        self.unscanned = b""  # the last bytes read, a query cut in two by a read
        self.ended = False
        self.peak_rss = 0.0
        self.rss_checked = 0.0

    def note_rss(self):
        """The program's peak RSS so far (VmHWM, in MB), read at most every 20 ms."""
        now = time.monotonic()
        if now - self.rss_checked < 0.02:
            return
        self.rss_checked = now
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        self.peak_rss = max(self.peak_rss, int(line.split()[1]) / 1024)
        except OSError:
            pass

    def pump(self, timeout):
        """Reads what is there within `timeout` seconds; keeps the last 64 KiB."""
        self.note_rss()
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return 0
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            self.ended = True
            return 0
        self.total += len(chunk)
        self.output += chunk
        self.answer_queries(chunk)
        if len(self.output) > 1 << 16:
            del self.output[: len(self.output) - (1 << 16)]
        return len(chunk)

    def answer_queries(self, chunk):
        """Answers the device attributes queries in `chunk` (or begun in the read before)."""
        window = self.unscanned + chunk
        # A query wholly inside the bytes kept from the read before was answered then.
        queries = sum(window.count(query) - self.unscanned.count(query) for query in DA1_QUERIES)
        positions = window.count(CPR_QUERY) - self.unscanned.count(CPR_QUERY)
        self.unscanned = window[-3:]
        for reply in [DA1_REPLY] * queries + [CPR_REPLY] * positions:
            try:
                os.write(self.master, reply)
            except OSError:
                pass

    def drain(self, seconds):
        end = time.monotonic() + seconds
        while not self.ended and time.monotonic() < end:
            self.pump(max(0, end - time.monotonic()))

    def until(self, needle, seconds=10):
        end = time.monotonic() + seconds
        while needle not in self.output:
            if self.ended or time.monotonic() > end:
                raise SystemExit(f"bench_run: never saw {needle!r}; last output: {bytes(self.output[-300:])!r}")
            self.pump(0.05)

    def send(self, text):
        os.write(self.master, text.encode())

    def wait(self, seconds=30):
        """Reads until the program exits; returns the seconds since spawn."""
        seconds_taken, status, _ = self.wait_with_rss(seconds)
        return seconds_taken, status

    def wait_with_rss(self, seconds=30):
        """Reads until the program exits; the seconds since spawn, the status and the peak RSS
        of the program the outer terminal started (in MB, sampled while it ran)."""
        end = time.monotonic() + seconds
        while not self.ended and time.monotonic() < end:
            self.pump(0.5)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.master)
        return time.monotonic() - self.started, status, self.peak_rss


def tmux_command(socket, inner, rows=24, cols=80):
    return ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-x", str(cols), "-y", str(rows), inner]


def contenders(words, tag, rows, cols):
    """The same program alone, in tmux, in uim-fep (byeoru) and in cheonjiin run."""
    inner = " ".join(shlex.quote(word) for word in words)
    return {
        "alone": words,
        "tmux": tmux_command(f"cheonjiin-bench-{os.getpid()}-{tag}", inner, rows, cols),
        "uim-fep": ["uim-fep", "-u", "byeoru", "-e"] + words,
        "cheonjiin run": [BIN, "run", "--no-suggestions", "--"] + words,
    }


def flood(words, label, sizes):
    """Times `words` at each size under every contender, rounds alternating; prints medians."""
    print(f"== {label}: spawn → exit, median of {ROUNDS} alternating rounds ==")
    print(f"  {'size':8} {'alone':>8} {'tmux':>8} {'uim-fep':>8} {'run':>8}  run÷tmux  run peak RSS")
    for rows, cols in sizes:
        times = {name: [] for name in ("alone", "tmux", "uim-fep", "cheonjiin run")}
        rss = []
        for round_ in range(ROUNDS):
            for name, command in contenders(words, f"{rows}x{cols}-{round_}", rows, cols).items():
                if name == "uim-fep" and not shutil.which("uim-fep"):
                    continue
                seconds, status, peak = Outer(command, rows, cols).wait_with_rss(600)
                if status != 0:
                    raise SystemExit(f"bench_run: {name} failed with status {status} at {cols}×{rows}")
                times[name].append(seconds)
                if name == "cheonjiin run":
                    rss.append(peak)
        median = {name: statistics.median(values) if values else float("nan") for name, values in times.items()}
        ratio = median["cheonjiin run"] / median["tmux"]
        print(f"  {cols}×{rows:<5} {median['alone']:7.2f}s {median['tmux']:7.2f}s {median['uim-fep']:7.2f}s "
              f"{median['cheonjiin run']:7.2f}s  {ratio:6.2f}    {max(rss):.0f} MB"
              f"  ({'met' if ratio <= 1 else 'NOT met'}: ≤ tmux)")


def make_korean(path):
    """About MEGABYTES MB of typical Korean output: Korean words, numbers, some colour."""
    words = open(os.path.join(ROOT, "Lexicon/ko-words.tsv"), encoding="utf-8").read().splitlines()
    lines = []
    for index, word in enumerate(words[:5000]):
        colour = f"\x1b[3{index % 8}m" if index % 7 == 0 else ""
        lines.append(f"{index:6d} {colour}{word.split(chr(9))[0]}\x1b[0m 안녕하세요 hello world {index * 37 % 1000}")
    return write_blocks(path, ("\n".join(lines) + "\n").encode())


def make_ascii(path):
    """About MEGABYTES MB of plain ASCII, lines of 20 to 120 columns, as a log or a build prints."""
    words = ["build", "src/main.c", "warning:", "unused", "variable", "ok", "PASS", "test_parser",
             "0x7f3a", "GET", "/index.html", "200", "1.2ms", "the", "quick", "brown", "fox"]
    lines = []
    for index in range(5000):
        count = 3 + index * 7 % 17
        lines.append(f"{index:6d} " + " ".join(words[(index + k * 5) % len(words)] for k in range(count)))
    return write_blocks(path, ("\n".join(lines) + "\n").encode())


def write_blocks(path, block):
    with open(path, "wb") as file:
        for _ in range(max(1, MEGABYTES * 1_000_000 // len(block))):
            file.write(block)
    return os.path.getsize(path)


def throughput(work):
    workloads = os.environ.get("BENCH_RUN_WORKLOADS", "seq,ascii,korean,find").split(",")
    if "seq" in workloads:
        flood(["seq", "1", "1000000"], "seq 1 1000000", SIZES)
    if "ascii" in workloads:
        path = os.path.join(work, "ascii.txt")
        size = make_ascii(path)
        flood(["cat", path], f"cat of {size / 1e6:.1f} MB of ASCII text", SIZES)
    if "korean" in workloads:
        path = os.path.join(work, "korean.txt")
        size = make_korean(path)
        flood(["cat", path], f"cat of {size / 1e6:.1f} MB of Korean text (words, numbers, some colour)", SIZES)
    if "find" in workloads:
        flood(["find", "/usr/share", "/usr/lib"], "find /usr/share /usr/lib", SIZES)


def probe_reads(log):
    reads = []
    with open(log) as lines:
        for line in lines:
            parts = line.split()
            if len(parts) == 2:
                reads.append((int(parts[0]), int(parts[1])))
    return reads


def key_latency(work, name, command_for, keys):
    """Sends `keys` (pairs of (text, whether it sends bytes to the program, what shows on the
    outer terminal)), one every 60 ms; returns key → program and key → drawn latencies in ms."""
    log = os.path.join(work, f"probe-{name}.log")
    script = os.path.join(work, "probe.py")
    with open(script, "w") as file:
        file.write(PROBE)
    outer = Outer(command_for(f"{sys.executable} {script} {log}"))
    deadline = time.monotonic() + 10
    while not (os.path.exists(log) and open(log).read().startswith("ready")):
        outer.pump(0.05)
        if time.monotonic() > deadline:
            raise SystemExit(f"bench_run: the probe did not start under {name}")
    outer.drain(1.0)
    sent, drawn = [], []
    for index in range(keys):
        text, reaches_program, shows = keys_for(name, index)
        outer.output.clear()
        at = time.monotonic_ns()
        outer.send(text)
        if shows:
            end = time.monotonic() + 2
            while shows.encode() not in outer.output and time.monotonic() < end:
                outer.pump(0.002)
            drawn.append((time.monotonic_ns() - at) / 1e6)
        if reaches_program:
            sent.append(at)
        outer.drain(0.06)
    outer.send("\x04")
    outer.wait(10)
    reads = probe_reads(log)
    to_program = [(read - at) / 1e6 for at, (read, _) in zip(sent, reads)]
    return to_program, drawn


def keys_for(name, index):
    """The key to send: tmux gets a letter, uim-fep a digit; cheonjiin alternates ㅣ (opens, drawn inline) and
    ␣ (commits it: bytes for the program)."""
    if name in ("tmux", "cheonjiin-letters"):
        return ("a", True, None)
    if name == "uim-fep":
        return ("1", True, None)  # a digit passes byeoru whether it is on Hangul or not
    if index % 2 == 0:
        return (SS3["7"], False, "ㅣ")
    return (SS3["."], True, None)


def latencies(work):
    print(f"== key latency: {KEYS} keys, one every 60 ms ==")
    socket = f"cheonjiin-bench-keys-{os.getpid()}"
    cheonjiin_program, cheonjiin_drawn = key_latency(
        work, "cheonjiin", lambda inner: [BIN, "run", "--no-suggestions", "--", "sh", "-c", inner], KEYS)
    letters_program, _ = key_latency(
        work, "cheonjiin-letters", lambda inner: [BIN, "run", "--no-suggestions", "--", "sh", "-c", inner], KEYS // 2)
    tmux_program, _ = key_latency(work, "tmux", lambda inner: tmux_command(socket, inner), KEYS // 2)
    rows = [("cheonjiin run: keypad key → bytes at the program", cheonjiin_program),
            ("cheonjiin run: keypad key → open syllable drawn", cheonjiin_drawn),
            ("cheonjiin run: a letter → bytes at the program", letters_program),
            ("tmux: a letter → bytes at the program", tmux_program)]
    if shutil.which("uim-fep"):
        uim_program, _ = key_latency(
            work, "uim-fep", lambda inner: ["uim-fep", "-u", "byeoru", "-e", "sh", "-c", inner], KEYS // 2)
        rows.append(("uim-fep (byeoru): a letter → bytes at the program", uim_program))
    for label, values in rows:
        print(f"  {label:50} p50 {percentile(values, 50):6.3f} ms  p99 {percentile(values, 99):6.3f} ms  (n={len(values)})")
    worst = max(percentile(cheonjiin_program, 99), percentile(cheonjiin_drawn, 99))
    print(f"  target p99 < 2 ms: {'met' if worst < 2 else 'NOT met'}")
    if len(rows) > 4:
        met = percentile(letters_program, 50) <= percentile(rows[4][1], 50)
        print(f"  target: a letter's p50 ≤ uim-fep's: {'met' if met else 'NOT met'}")


def switches(pids):
    """Context switches (voluntary and not) of every thread of these processes."""
    total = 0
    for pid in pids:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/status") as status:
                for line in status:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
    return total


def rss_mb(pids):
    """The resident memory of these processes together (VmRSS, in MB)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as status:
                total += sum(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
        except OSError:
            pass
    return total / 1024


def idle():
    print("== idle: wake-ups over 10 s with nothing typed and nothing printed, and resident memory ==")
    socket = f"cheonjiin-bench-idle-{os.getpid()}"
    # The first start in the scratch home has no cached suggestion index: it builds the index
    # from the word lists and writes the cache, as a user's first start does; every later start
    # reads the cache. Both are measured, the first labelled so.
    run = [BIN, "run", "--", "sleep", "60"]
    peers = [("run, 1st start", run), ("cheonjiin run", run), ("tmux", tmux_command(socket, "sleep 60"))]
    if shutil.which("uim-fep"):
        peers.append(("uim-fep", ["uim-fep", "-u", "byeoru", "-e", "sleep", "60"]))
    for name, command in peers:
        outer = Outer(command)
        outer.drain(2.0)
        pids = [outer.pid]
        if name == "tmux":
            server = subprocess.run(["tmux", "-L", socket, "display-message", "-p", "#{pid}"],
                                    capture_output=True, text=True).stdout.strip()
            if server:
                pids.append(int(server))
        before = switches(pids)
        outer.drain(10.0)
        after = switches(pids)
        print(f"  {name:14} {after - before} wake-ups in 10 s, {rss_mb(pids):5.1f} MB resident"
              f" ({len(pids)} process{'es' if len(pids) > 1 else ''})")
        os.kill(outer.pid, signal.SIGTERM)
        if name == "tmux":
            subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        outer.wait(10)


def main():
    if not os.path.exists(BIN):
        raise SystemExit("bench_run: build the release binary first (make bench does)")
    # uim keeps its files in .uim.d of the account's home directory (as root it does not follow
    # $HOME): one that was not there before the bench is removed after it.
    import pwd
    uim_folder = os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".uim.d")
    uim_folder_was_there = os.path.exists(uim_folder)
    with tempfile.TemporaryDirectory(prefix="cheonjiin-bench-run-") as work:
        # HOME and tmux's sockets in the scratch directory, not the user's.
        for environment in (os.environ, ENV):
            environment["HOME"] = work
            environment["TMUX_TMPDIR"] = work
        parts = os.environ.get("BENCH_RUN_PARTS", "throughput,latency,idle").split(",")
        try:
            if "throughput" in parts:
                throughput(work)
            if "latency" in parts:
                latencies(work)
            if "idle" in parts:
                idle()
        finally:
            if not uim_folder_was_there:
                shutil.rmtree(uim_folder, ignore_errors=True)


if __name__ == "__main__":
    main()
