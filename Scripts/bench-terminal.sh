#!/usr/bin/env bash
# Terminal benchmarks (called by Scripts/bench.sh after the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
echo
python3 Scripts/bench_terminal.py

# cheonjiin run beside tmux: throughput, key latency, idle wake-ups.
echo
python3 Scripts/bench_run.py
