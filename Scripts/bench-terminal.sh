#!/usr/bin/env bash
# Terminal benchmarks (called by Scripts/bench.sh after the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v vim >/dev/null 2>&1 || { [ "$(id -u)" -eq 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq vim >/dev/null; }
echo
python3 Scripts/bench_terminal.py
