#!/usr/bin/env python3
"""`make bench`: cheonjiin's frame writer beside ncursesw drawing the same screens.

1. The pad (release build, 80×24, `--no-draft --no-suggestions`) types 안녕하세요 (the 22 keys
   of `cheonjiin keys 'ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇㅅㅅㅣㆍㅅㆍㅣㅣㅇㆍㆍㅡ'`, as numeric-keypad digits) ROUNDS
   times, with a space between rounds, one key every GAP ms, under `strace -f -e trace=write`:
   every write to the terminal, with its bytes and time, is kept. Each write the pad makes is a
   frame by design (the frame writer's one write per frame): the counts below check that.
2. The frames are played into libvterm (Scripts/bench_frames.c), and the screen after each
   is drawn by ncursesw 6 (initscr, the cursor hidden and left alone as the pad does, attr_set
   and mvaddwstr per cell, one refresh per screen),
   under strace too, with a getppid() marker before each screen: its writes and bytes per
   screen and per key, on identical content.
3. CPU: the pad types the same keys again without strace, its CPU time read from schedstat
   (all threads) before the first key and after the last: key decoding, the engine, the view
   and the frame writer together, per frame. ncursesw draws the same screens REPEATS times
   without strace, its CPU time (getrusage) for drawing and refreshing only, per screen.
4. NFD: ncursesw draws 한 as conjoining jamo (ᄒ ᅡ ᆫ) after a wide character, after a narrow one
   and at the start of a line, in tmux (80×24); tmux capture-pane reads the screen back. The
   same text printed by a program under `cheonjiin run` (drawn by our frame writer) and printed
   straight into tmux are read back the same way, and the bytes ncursesw wrote are checked for
   the jamo.

Needs cc, ncursesw and libvterm headers (libncurses-dev, libvterm-dev), strace and tmux; says
what is missing and skips (exit 0) without them. Standard library only; its temporary folder
and tmux server are removed on every exit. CHEONJIIN_BIN picks another binary;
BENCH_FRAMES_ROUNDS (3), BENCH_FRAMES_GAP_MS (250) and BENCH_FRAMES_REPEATS (200) the sizes.
"""
import fcntl, os, pty, re, select, shutil, signal, struct, subprocess, sys, tempfile, termios, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CHEONJIIN_BIN", os.path.join(ROOT, ".build/release/cheonjiin"))
ROUNDS = int(os.environ.get("BENCH_FRAMES_ROUNDS", "3"))
GAP = int(os.environ.get("BENCH_FRAMES_GAP_MS", "250")) / 1000
REPEATS = int(os.environ.get("BENCH_FRAMES_REPEATS", "200"))
ROWS, COLS = 24, 80
# 안녕하세요 on the numpad keymap (7 8 9 = ㅣ ㆍ ㅡ, 5 = ㄴㄹ, 2 = ㅅㅎ, 0 = ㅇㅁ, . = space/next).
WORD = "0785.5887022782877088" + "9"
KEYS = ".".join([WORD] * ROUNDS)
NFD = "\u1112\u1161\u11ab"  # 한 as conjoining jamo
NFD_LINES = ["W:가" + NFD + "|", "N:a" + NFD + "|", NFD + "|", "P:가한|", "A:e\u0301|", "C:" + NFD + "|"]


def environment(state):
    return dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color",
                XDG_STATE_HOME=state, XDG_DATA_HOME=state,
                CHEONJIIN_LAYOUTS=os.path.join(ROOT, "Layouts"), CHEONJIIN_LEXICON=os.path.join(ROOT, "Lexicon"))


class Pty:
    """A program on an 80×24 pty whose output is read as fast as it comes and kept; it answers
    device attributes queries (CSI c) as a terminal does."""

    def __init__(self, command, env):
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            os.execvpe(command[0], command, env)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.output = bytearray()

    def drain(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], max(0, end - time.monotonic()))
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            if b"\x1b[c" in chunk:
                os.write(self.master, b"\x1b[?1;2c")
            self.output += chunk

    def until(self, needle, seconds=10):
        end = time.monotonic() + seconds
        while needle not in self.output:
            if time.monotonic() > end:
                raise SystemExit(f"bench_frames: never saw {needle!r}")
            self.drain(0.05)

    def send(self, data):
        os.write(self.master, data)

    def finish(self):
        self.drain(0.5)
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        self.drain(0.2)
        os.waitpid(self.pid, 0)
        os.close(self.master)


def cpu_ns(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
            total += int(stat.read().split()[0])
    return total


WRITE = re.compile(r'^(\d+)\s+(\d+\.\d+) write\((\d+), "((?:\\x[0-9a-f]{2})*)"(\.\.\.)?, \d+\) = (\d+)')


def writes_of(log):
    """(time, fd, bytes) of every write in a `strace -f -ttt -xx` log."""
    found = []
    with open(log) as lines:
        for line in lines:
            match = WRITE.match(line)
            if match:
                found.append((float(match[2]), int(match[3]), bytes.fromhex(match[4].replace("\\x", ""))))
    return found


def type_keys(pty_program, on_start=None):
    """Waits for the pad's first frame, types KEYS GAP apart; the times each key was sent."""
    pty_program.until("F1".encode())
    pty_program.drain(0.5)
    if on_start:
        on_start()
    sent = []
    for key in KEYS:
        sent.append(time.time())
        pty_program.send(key.encode())
        pty_program.drain(GAP)
    pty_program.drain(0.5)
    return sent


def pad_frames(scratch):
    """The pad typing KEYS under strace: its frames (startup first, as one), and per key the
    number of writes and bytes."""
    log = os.path.join(scratch, "pad.strace")
    command = ["strace", "-f", "-qq", "-ttt", "-xx", "-s", "1000000", "-e", "trace=write", "-e", "signal=none",
               "-o", log, BIN, "--no-draft", "--no-suggestions"]
    program = Pty(command, environment(scratch))
    sent = type_keys(program)
    ended = time.time()
    program.send(b"\x1b")
    program.finish()
    writes = writes_of(log)
    # The terminal is the descriptor the alternate screen is switched on at.
    tty = next(fd for _, fd, data in writes if b"\x1b[?1049h" in data)
    frames = [(at, data) for at, fd, data in writes if fd == tty and at < ended]
    startup = b"".join(data for at, data in frames if at < sent[0])
    typed = [(at, data) for at, data in frames if at >= sent[0]]
    per_key = []
    for i, start in enumerate(sent):
        stop = sent[i + 1] if i + 1 < len(sent) else ended
        batch = [data for at, data in typed if start <= at < stop]
        per_key.append((len(batch), sum(map(len, batch))))
    return [startup] + [data for _, data in typed], per_key


def pad_cpu(scratch):
    """CPU time of the pad (all threads) over the same keys, without strace."""
    program = Pty([BIN, "--no-draft", "--no-suggestions"], environment(scratch))
    marks = []
    type_keys(program, on_start=lambda: marks.append(cpu_ns(program.pid)))
    marks.append(cpu_ns(program.pid))
    program.send(b"\x1b")
    program.finish()
    return marks[1] - marks[0]


def perf_works(scratch):
    if not shutil.which("perf"):
        return False
    probe = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-o", os.path.join(scratch, "probe.perf"),
                            "--", "true"], capture_output=True)
    return probe.returncode == 0


def pad_perf(scratch):
    """The pad typing the same keys under `perf record` (cpu-clock samples at 20 kHz, DWARF
    call stacks): CPU time while typing that was spent drawing frames, split into making the
    screen (RunLoop.drawFrame's render), the frame writer (FrameWriter.update) and the write of
    its bytes (write(2) in drawFrame), in ns. None when perf cannot record here."""
    data = os.path.join(scratch, "pad.perf")
    command = ["perf", "record", "-q", "-e", "cpu-clock", "-F", "20000", "-k", "CLOCK_MONOTONIC",
               "--call-graph", "dwarf,16384", "-o", data, "--", BIN, "--no-draft", "--no-suggestions"]
    program = Pty(command, environment(scratch))
    window = []
    type_keys(program, on_start=lambda: window.append(time.monotonic()))
    window.append(time.monotonic())
    program.send(b"\x1b")
    program.finish()
    script = subprocess.run(["perf", "script", "-i", data, "-F", "time,period,ip,sym"],
                            capture_output=True, text=True)
    if script.returncode != 0 or not script.stdout:
        return None
    parts = {"render": 0, "writer": 0, "write": 0, "typing": 0}
    for sample in script.stdout.split("\n\n"):
        lines = sample.strip().splitlines()
        if not lines or ":" not in lines[0]:
            continue
        at, period = lines[0].split(":", 1)
        if not window[0] <= float(at) <= window[1]:
            continue
        period = int(period.split()[0])
        parts["typing"] += period
        stack = "\n".join(lines[1:])
        if "drawFrame" not in stack:
            continue
        if "FrameWriterV6update" in stack:
            parts["writer"] += period
        elif "ksys_write" in stack or "8TerminalC5write" in stack:
            parts["write"] += period
        else:
            parts["render"] += period
    return parts


def curses_frames(scratch, tool, frames_file, screens):
    """ncursesw drawing the screens once under strace: writes and bytes per screen."""
    log = os.path.join(scratch, "curses.strace")
    result = os.path.join(scratch, "curses-once.txt")
    command = ["strace", "-qq", "-xx", "-s", "1000000", "-e", "trace=write,getppid", "-e", "signal=none",
               "-o", log, tool, "draw", frames_file, "1", result]
    program = Pty(command, environment(scratch))
    program.drain(1)
    program.finish()
    per_screen, current = [], None
    with open(log) as lines:
        for line in lines:
            if line.startswith("getppid("):
                if current is not None:
                    per_screen.append(current)
                current = [0, 0]
            elif current is not None and line.startswith("write(1,"):
                current[0] += 1
                current[1] += int(line.rsplit("=", 1)[1])
    if len(per_screen) != screens:
        raise SystemExit(f"bench_frames: ncursesw drew {len(per_screen)} screens of {screens}")
    return per_screen


def curses_cpu(scratch, tool, frames_file):
    result = os.path.join(scratch, "curses-cpu.txt")
    program = Pty([tool, "draw", frames_file, str(REPEATS), result], environment(scratch))
    program.drain(600)  # until it ends
    program.finish()
    fields = open(result).read().split()
    return int(fields[1]), int(fields[3]), int(fields[5]), int(fields[7])


def tmux_screen(server, command, needle, env):
    """What tmux shows (capture-pane -p) while `command` runs in an 80×24 window, on a tmux
    server of its own (named `server`), killed after."""
    tmux = ["tmux", "-L", server, "-f", "/dev/null"]
    subprocess.run(tmux + ["new-session", "-d", "-x", str(COLS), "-y", str(ROWS), "-e", "LANG=C.UTF-8",
                           "-e", "LC_ALL=C.UTF-8"] + command, env=env, check=True)
    try:
        end = time.monotonic() + 10
        while True:
            screen = subprocess.run(tmux + ["capture-pane", "-p"], env=env, capture_output=True).stdout.decode()
            if needle in screen or time.monotonic() > end:
                return screen
            time.sleep(0.1)
    finally:
        subprocess.run(tmux + ["kill-server"], env=env, capture_output=True)


def nfd_check(scratch, tool):
    env = dict(environment(scratch), TMUX_TMPDIR=scratch)
    server = f"bench-frames-{os.getpid()}-"
    text = "\\n".join(NFD_LINES) + "\\nEND\\n"
    shown = {
        "printf straight into tmux": tmux_screen(server + "1", ["sh", "-c", f"printf '{text}'; sleep 30"], "END", env),
        "ncursesw 6 (mvaddwstr)": tmux_screen(server + "2", [tool, "nfd"], "END", env),
        "cheonjiin run (our frame writer)": tmux_screen(
            server + "3", [BIN, "run", "--", "sh", "-c", f"printf '{text}'; sleep 30"], "END", env),
    }
    program = Pty([tool, "nfd"], environment(scratch))
    program.until(b"END")
    program.send(b"q")
    program.finish()
    return shown, ("W:가" + NFD).encode() in program.output


def describe(line):
    """The line with its Hangul as code points: `W:가ᄒ|` → `W: 가 U+AC00 ᄒ U+1112 |`."""
    return "".join(f" U+{ord(c):04X} " if ord(c) >= 0x1100 else c for c in line).replace("  ", " ")


def median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def main():
    missing = [tool for tool in ("cc", "strace", "tmux") if not shutil.which(tool)]
    missing += [header for header in ("/usr/include/ncursesw/curses.h", "/usr/include/vterm.h")
                if not os.path.exists(header)]
    print("== frame writer vs ncursesw: the pad typing 안녕하세요 at 80×24 (Scripts/bench_frames.py) ==")
    if missing:
        print(f"  skipped: {', '.join(missing)} missing (apt-get install gcc libncurses-dev libvterm-dev strace tmux)")
        return
    if not os.access(BIN, os.X_OK):
        raise SystemExit(f"bench_frames: no binary at {BIN}; build it first (make build)")
    scratch = tempfile.mkdtemp(prefix="cheonjiin-bench-frames-")
    try:
        tool = os.path.join(scratch, "bench_frames")
        subprocess.run(["cc", "-O2", "-o", tool, os.path.join(ROOT, "Scripts/bench_frames.c"),
                        "-I/usr/include/ncursesw", "-lncursesw", "-lvterm"], check=True)
        version = subprocess.run(["sh", "-c", "dpkg-query -W -f '${Version}' libncursesw6 2>/dev/null"],
                                 capture_output=True, text=True).stdout or "?"

        frames, per_key = pad_frames(scratch)
        frames_file = os.path.join(scratch, "frames.bin")
        with open(frames_file, "wb") as out:
            for data in frames:
                out.write(struct.pack("<I", len(data)) + data)
        screens = len(frames) - 1
        curses = curses_frames(scratch, tool, frames_file, screens)
        pad_ns = pad_cpu(scratch)
        curses_frames_drawn, curses_draw_ns, curses_refresh_ns, unchanged = curses_cpu(scratch, tool, frames_file)
        perf = pad_perf(scratch) if perf_works(scratch) else None

        keys = len(per_key)
        pad_writes = sum(w for w, _ in per_key)
        pad_bytes = sum(b for _, b in per_key)
        curses_writes = sum(w for w, _ in curses)
        curses_bytes = sum(b for _, b in curses)
        # The screens of each key, in order, for the ncursesw side's per-key figures.
        curses_per_key, at = [], 0
        for writes, _ in per_key:
            batch = curses[at:at + writes]
            at += writes
            curses_per_key.append((sum(w for w, _ in batch), sum(b for _, b in batch)))
        print(f"  {keys} keys ({ROUNDS}× 안녕하세요, {GAP * 1000:.0f} ms apart); the pad wrote {screens} frames "
              f"after its first; ncursesw {version} drew the same {screens} screens (libvterm's reading of each)")
        print(f"  {'':26} {'writes/frame':>13} {'bytes/frame':>12} {'writes/key':>11} {'bytes/key':>10}")
        print(f"  {'cheonjiin frame writer':26} {pad_writes / screens:13.2f} {pad_bytes / screens:12.1f} "
              f"{median([w for w, _ in per_key]):11.0f} {median([b for _, b in per_key]):10.0f}")
        print(f"  {'ncursesw refresh':26} {curses_writes / screens:13.2f} {curses_bytes / screens:12.1f} "
              f"{median([w for w, _ in curses_per_key]):11.0f} {median([b for _, b in curses_per_key]):10.0f}")
        print(f"  ncursesw ÷ cheonjiin: {curses_writes / pad_writes:.2f}× writes, {curses_bytes / pad_bytes:.2f}× bytes "
              f"({(curses_bytes / pad_bytes - 1) * 100:+.0f} %) on the same screens (per-key figures are medians)")
        draw_us = curses_draw_ns / curses_frames_drawn / 1000
        refresh_us = curses_refresh_ns / curses_frames_drawn / 1000
        print(f"  CPU per frame, ncursesw: {draw_us:.1f} µs putting the cells in (attr_set, mvaddwstr) + "
              f"{refresh_us:.1f} µs refresh = {draw_us + refresh_us:.1f} µs "
              f"(CLOCK_PROCESS_CPUTIME_ID over {curses_frames_drawn} screens, {REPEATS} passes)")
        print(f"  CPU per frame, cheonjiin: {pad_ns / screens / 1000:.1f} µs the whole program "
              f"(schedstat, all threads, over the {keys} keys without strace, ÷ {screens} frames)")
        if perf and perf["typing"]:
            # perf's sampling costs the process time of its own, so its samples give the shares
            # and schedstat's run without perf the whole.
            def share(*names):
                return sum(perf[name] for name in names) / perf["typing"] * pad_ns / screens / 1000
            writer_us = share("writer", "write")
            print(f"    of which, by perf's share of {perf['typing'] // 50000} cpu-clock samples (20 kHz) while typing: "
                  f"making the screen {share('render'):.1f} µs, FrameWriter.update {share('writer'):.1f} µs "
                  f"+ its write(2) {share('write'):.1f} µs = {writer_us:.1f} µs "
                  f"({(perf['writer'] + perf['write']) // 50000} samples)")
            if writer_us > 0:
                print(f"  cells → terminal, ncursesw ÷ cheonjiin: {(draw_us + refresh_us) / writer_us:.1f}× CPU per frame "
                      f"(refresh alone {refresh_us / writer_us:.1f}×)")
        else:
            print("    (perf not available: the frame writer's share of that is not measured)")
        most = max(w for w, _ in curses)
        print(f"  ncursesw writes per screen: min {min(w for w, _ in curses)}, median {median([w for w, _ in curses]):.0f}, "
              f"max {most}; screens written in more than one write: {sum(1 for w, _ in curses if w > 1)} of {screens}; "
              f"screens the same as the one before (a write of the pad's that changed nothing): {unchanged}")

        shown, jamo_written = nfd_check(scratch, tool)
        print("  한 as conjoining jamo (ᄒ ᅡ ᆫ) read back by tmux capture-pane; lines W: after 가, N: after a, "
              "then at column 0, P: 가한 precomposed, A: e + U+0301, C: (ncursesw: one cell made by setcchar)")
        for who, screen in shown.items():
            kept = [line.rstrip() for line in screen.splitlines() if "|" in line]
            whole = sum(1 for line in kept[:3] if NFD in line)
            print(f"    {who}: ᅡ and ᆫ after ᄒ kept in {whole} of the 3 lines W, N and column 0")
            for line in kept:
                print(f"      {describe(line)}")
        print(f"    the bytes of ᄒ ᅡ ᆫ after 가 in what ncursesw wrote for line W: "
              f"{'yes' if jamo_written else 'no (only ᄒ)'}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
