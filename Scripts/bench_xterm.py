#!/usr/bin/env python3
"""`make bench` figures for `cheonjiin run` in a real terminal: Debian's xterm on an X server of
its own (Xvfb), drawing what the program prints, with tmux and uim-fep (byeoru) run the same
way beside it, as Scripts/bench_run.py runs them in a pty.

Each run is an xterm started with the program under the contender, timed from the xterm's start
to its exit (xterm ends when its program does), at 80×24, 100×32 and 200×60, rounds
alternating; medians. The workloads are those of bench_run.py (BENCH_XTERM_WORKLOADS, default
ascii: the 20 MB of ASCII text; also seq, korean, find).

Skips, saying so, when Xvfb or xterm is missing or the X server does not start. Standard library
only; CHEONJIIN_BIN picks another binary, BENCH_ROUNDS the rounds.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_run  # noqa: E402  (the workloads, the contenders and the environment)


def start_server():
    """A new Xvfb on a display no one else uses; (process, display) or None."""
    if not (shutil.which("Xvfb") and shutil.which("xterm")):
        return None
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "2000x1300x24", "-nolisten", "tcp",
         "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        byte = os.read(read, 1)
        if not byte or byte == b"\n":
            break
        number += byte
    os.close(read)
    if not number:
        server.kill()
        server.wait()
        return None
    return server, f":{number.decode()}"


def xterm(display, command, rows, cols):
    """Seconds from an xterm's start to its exit, running `command` at cols×rows."""
    env = dict(bench_run.ENV, DISPLAY=display)
    env.pop("TERM", None)  # xterm sets its own
    started = time.monotonic()
    status = subprocess.run(
        ["xterm", "-geometry", f"{cols}x{rows}+0+0", "-b", "0", "+sb", "-fa", "DejaVu Sans Mono",
         "-fs", "10", "-xrm", "XTerm*cursorBlink: false", "-e"] + command,
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600).returncode
    if status != 0:
        raise SystemExit(f"bench_xterm: xterm running {command[0]} failed with status {status}")
    return time.monotonic() - started


def flood(display, words, label):
    print(f"== in xterm: {label}: xterm start → exit, median of {bench_run.ROUNDS} alternating rounds ==")
    print(f"  {'size':8} {'alone':>8} {'tmux':>8} {'uim-fep':>8} {'run':>8}  run÷tmux")
    for rows, cols in bench_run.SIZES:
        times = {}
        for round_ in range(bench_run.ROUNDS):
            contenders = bench_run.contenders(words, f"x{rows}x{cols}-{round_}", rows, cols)
            for name, command in contenders.items():
                if name == "uim-fep" and not shutil.which("uim-fep"):
                    continue
                times.setdefault(name, []).append(xterm(display, command, rows, cols))
        median = {name: statistics.median(values) for name, values in times.items()}
        ratio = median["cheonjiin run"] / median["tmux"]
        print(f"  {cols}×{rows:<5} {median['alone']:7.2f}s {median['tmux']:7.2f}s "
              f"{median.get('uim-fep', float('nan')):7.2f}s {median['cheonjiin run']:7.2f}s  {ratio:6.2f}"
              f"  ({'met' if ratio <= 1 else 'NOT met'}: ≤ tmux)")


def main():
    if not os.path.exists(bench_run.BIN):
        raise SystemExit("bench_xterm: build the release binary first (make bench does)")
    started = start_server()
    if started is None:
        print("== in xterm: skipped: no X server could be started (Debian: xvfb xterm) ==")
        return
    server, display = started
    # uim keeps .uim.d in the account's home whatever HOME says (as root): one the bench made
    # is removed after it, as bench_run.py does.
    import pwd
    uim_folder = os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".uim.d")
    uim_folder_was_there = os.path.exists(uim_folder)
    try:
        with tempfile.TemporaryDirectory(prefix="cheonjiin-bench-xterm-") as work:
            # HOME and tmux's sockets in the scratch directory, not the user's.
            for environment in (os.environ, bench_run.ENV):
                environment["HOME"] = work
                environment["TMUX_TMPDIR"] = work
            workloads = os.environ.get("BENCH_XTERM_WORKLOADS", "ascii").split(",")
            if "seq" in workloads:
                flood(display, ["seq", "1", "1000000"], "seq 1 1000000")
            if "ascii" in workloads:
                path = os.path.join(work, "ascii.txt")
                size = bench_run.make_ascii(path)
                flood(display, ["cat", path], f"cat of {size / 1e6:.1f} MB of ASCII text")
            if "korean" in workloads:
                path = os.path.join(work, "korean.txt")
                size = bench_run.make_korean(path)
                flood(display, ["cat", path], f"cat of {size / 1e6:.1f} MB of Korean text")
            if "find" in workloads:
                flood(display, ["find", "/usr/share", "/usr/lib"], "find /usr/share /usr/lib")
    finally:
        server.terminate()
        server.wait()
        if not uim_folder_was_there:
            shutil.rmtree(uim_folder, ignore_errors=True)


if __name__ == "__main__":
    main()
