#!/usr/bin/env bash
# Terminal benchmarks (called by Scripts/bench.sh after the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
echo
python3 Scripts/bench_terminal.py

# cheonjiin run beside tmux and uim-fep (with its Hangul input method, byeoru): throughput,
# key latency, idle wake-ups.
Scripts/install-deps.sh uim-fep uim-byeoru
echo
python3 Scripts/bench_run.py

# The same in a real terminal: xterm on an X server of the script's own (skipped, saying so,
# where Xvfb or xterm is missing).
Scripts/install-deps.sh xvfb xterm fonts-dejavu-core || echo "bench_xterm: xvfb or xterm not installed"
echo
python3 Scripts/bench_xterm.py

# The frame writer beside ncursesw drawing the same screens: strace counts the writes,
# perf splits the pad's CPU time. Says what is missing and skips where the tools are not there.
Scripts/install-deps.sh strace linux-perf || echo "bench_frames: strace or perf not installed"
echo
python3 Scripts/bench_frames.py
