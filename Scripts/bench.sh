#!/usr/bin/env bash
# `make bench`: in-process benchmarks (ordo-one/benchmark, in Benchmarks/) and whole-program
# timings (hyperfine). Prints the figures docs/performance.md quotes.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# hyperfine times whole commands; vim is the other terminal program the keypad is compared with.
Scripts/install-deps.sh tmux python3 locales hyperfine vim

swift build -c release --product cheonjiin --static-swift-stdlib >/dev/null
bin=$PWD/.build/release/cheonjiin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== in-process benchmarks (Benchmarks/, release) =="
(cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --no-progress "$@" 2>&1 |
  sed -n '/^====/,$p')

echo
echo "== cheonjiin keys: 1,000,000 lines of about 12 keys =="
# Everyday words whose key sequences average about 12 keys.
words="안녕 학교 사랑해 감사 할머니 병원에 괜찮아 고마워 내일 행복 건강해 주세요 축하해 전화해
보고싶다 잘자요 마흔셋 어디야 뭐해요 밥먹자"
for word in $words; do "$bin" spell "$word"; done > "$work/seed.txt"
awk -v total=1000000 '{ line[NR] = $0 } END { for (i = 0; i < total; i++) print line[i % NR + 1] }' \
  "$work/seed.txt" > "$work/lines.txt"
keys=$(python3 -c "import sys; l=open(sys.argv[1],encoding=\"utf-8\").read().splitlines(); print(round(sum(map(len,l))/len(l),1))" "$work/lines.txt")
echo "input: $(wc -l < "$work/lines.txt") lines, $keys keys per line on average"
hyperfine --runs 5 --warmup 1 --style basic "$bin keys < $work/lines.txt > /dev/null" 2>&1 | grep -E "Time|Range"
head -3 "$work/lines.txt" | "$bin" keys

echo
echo "== cheonjiin keys: start-up for one line =="
hyperfine -N --runs 50 --warmup 5 --style basic "$bin keys ㅇㅣᆞㄴ_ㄴᆞᆞㅣㅇ" 2>&1 | grep -E "Time|Range"

# Suggestions, dictionary, grep, stats and numbers (Scripts/bench-data.sh).
if [ -x Scripts/bench-data.sh ]; then Scripts/bench-data.sh; fi

# The terminal keypad: latency, bytes per key, start-up, idle CPU, hold timing.
if [ -x Scripts/bench-terminal.sh ]; then Scripts/bench-terminal.sh; fi
