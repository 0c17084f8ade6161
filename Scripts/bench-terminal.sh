#!/usr/bin/env bash
# Terminal benchmarks (called by Scripts/bench.sh after the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
echo
python3 Scripts/bench_terminal.py
