#!/usr/bin/env python3
"""The pad's start-up with the suggestion bar: first full frame, suggestions ready, RSS.

Starts the release pad in a detached tmux (80x24, a home of its own), presses 4 2 6 (ㄱㅅㄷ) as
soon as the first full frame shows, and polls the screen until it shows what a pad that has
finished loading shows for ㄱㅅㄷ (갑시다, 감사드립니다, 관심도). "cold" starts have no cached index (the pad builds it from the lists, as
every start did before the cache, and writes it); "warm" starts read the cache. The screen is
polled, so the times carry a few milliseconds of polling (each capture is a tmux round trip).
Usage: bench_ready.py BINARY REPO [STARTS]; skips, saying why, without tmux."""
import os, shutil, statistics, subprocess, sys, tempfile, time

if shutil.which("tmux") is None:
    print("skipped: tmux is not installed")
    sys.exit(0)
binary, repo = sys.argv[1], sys.argv[2]
starts = int(sys.argv[3]) if len(sys.argv) > 3 else 10
work = tempfile.mkdtemp(prefix="cheonjiin-ready-")
env = dict(os.environ, TMUX_TMPDIR=work)
home = work + "/home"
command = (
    f"exec env HOME={home} XDG_CACHE_HOME={home}/cache XDG_DATA_HOME={home}/data "
    f"XDG_STATE_HOME={home}/state XDG_CONFIG_HOME={home}/config "
    f"CHEONJIIN_LAYOUTS={repo}/Layouts CHEONJIIN_LEXICON={repo}/Lexicon {binary} --no-draft")


# Each start has a tmux server of its own: a new session on the socket of a server still
# shutting down from the start before fails ("server exited unexpectedly").
socket = "ready"


def tmux(*arguments):
    return subprocess.run(["tmux", "-L", socket, *arguments], env=env, capture_output=True,
                          text=True).stdout


def start(loaded, cold):
    """One start: (first frame ms, ready ms or None, VmRSS kB, VmHWM kB, final screen)."""
    global socket
    socket = f"ready-{time.monotonic_ns()}"
    if cold:
        shutil.rmtree(home + "/cache", ignore_errors=True)
    began = time.monotonic()
    tmux("new-session", "-d", "-s", "pad", "-x", "80", "-y", "24", command)
    pid = tmux("display", "-p", "-t", "pad", "#{pane_pid}").strip()
    first = ready = None
    while time.monotonic() - began < 30:
        screen = tmux("capture-pane", "-p", "-t", "pad")
        elapsed = (time.monotonic() - began) * 1000
        if first is None:
            if sum(1 for line in screen.splitlines() if line.strip()) >= 10:
                first = elapsed
                tmux("send-keys", "-t", "pad", "4", "2", "6")
            continue
        if loaded is None and "hold +" in screen:
            time.sleep(0.5)  # settled: the final screen is captured below
            break
        if screen == loaded:
            ready = elapsed
            break
        time.sleep(0.001)
    memory = {}
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith(("VmRSS", "VmHWM")):
                memory[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        pass
    final = tmux("capture-pane", "-p", "-t", "pad")
    tmux("kill-server")
    return first, ready, memory.get("VmRSS"), memory.get("VmHWM"), final


try:
    loaded = start(None, cold=True)[4]  # the screen once everything has loaded, ㄱㅅㄷ typed
    if "hold +" not in loaded:
        print("skipped: the bar showed no suggestions for ㄱㅅㄷ:\n" + loaded)
        sys.exit(0)
    for cold in (True, False):
        runs = [start(loaded, cold) for _ in range(starts)]
        firsts = sorted(run[0] for run in runs if run[0] is not None)
        readies = sorted(run[1] for run in runs if run[1] is not None)
        rss = max(run[2] or 0 for run in runs) / 1024
        peak = max(run[3] or 0 for run in runs) / 1024
        print(f"{'cold (no cached index)' if cold else 'warm (cached index)'}, {starts} starts: "
              f"first frame p50 {statistics.median(firsts):.0f} ms, max {firsts[-1]:.0f} ms; "
              f"suggestions ready p50 {statistics.median(readies):.0f} ms, max {readies[-1]:.0f} ms"
              f" ({len(readies)} of {starts} ready); RSS {rss:.1f} MB, peak {peak:.1f} MB")
finally:
    tmux("kill-server")
    shutil.rmtree(work, ignore_errors=True)
