#!/usr/bin/env bash
# `make bench`: in-process benchmarks (ordo-one/benchmark, in Benchmarks/) and whole-program
# timings (hyperfine). Prints the figures docs/performance.md quotes.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# hyperfine times whole commands; vim is the other terminal program the keypad is compared with;
# node runs the Hwalja rule that `cheonjiin keys` is compared with.
Scripts/install-deps.sh tmux python3 locales hyperfine vim nodejs

swift build -c release --product cheonjiin --static-swift-stdlib >/dev/null
bin=$PWD/.build/release/cheonjiin

echo "== in-process benchmarks (Benchmarks/, release) =="
(cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --no-progress "$@" 2>&1 |
  sed -n '/^====/,$p')

# `cheonjiin keys` beside the Hwalja lookup rule on 1,000,000 random lines (Scripts/bench-keys.sh).
Scripts/bench-keys.sh "$bin"

echo
echo "== cheonjiin keys: start-up for one line =="
hyperfine -N --runs 50 --warmup 5 --style basic "$bin keys ㅇㅣᆞㄴ_ㄴᆞᆞㅣㅇ" 2>&1 | grep -E "Time|Range"

# `layouts export`: states, entries, bytes raw and gzipped, time (Scripts/bench-export.sh).
Scripts/bench-export.sh "$bin"

# Suggestions, dictionary, grep, stats and numbers (Scripts/bench-data.sh).
if [ -x Scripts/bench-data.sh ]; then Scripts/bench-data.sh; fi

# The terminal keypad: latency, bytes per key, start-up, idle CPU, hold timing.
if [ -x Scripts/bench-terminal.sh ]; then Scripts/bench-terminal.sh; fi
