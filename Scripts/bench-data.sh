#!/usr/bin/env bash
# Whole-program timings of the data commands (called by Scripts/bench.sh after the release
# build): grep on 1,000,000 lines, stats on a year of daily sessions. The suggestion figures
# (savings, lookup, lexicon load) come from Benchmarks/DataBenchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/.build/release/cheonjiin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CHEONJIIN_LAYOUTS=$PWD/Layouts CHEONJIIN_LEXICON=$PWD/Lexicon

echo
echo "== cheonjiin grep: 1,000,000 lines =="
# Everyday messages over and over: Korean text of the kind people search.
awk -v total=1000000 '{ line[NR] = $0 } END { for (i = 0; i < total; i++) print line[i % NR + 1] }' \
  Lexicon/messages-bench.txt Lexicon/practice-messages-ko.txt > "$work/lines.txt"
echo "input: $(wc -l < "$work/lines.txt") lines, $(($(wc -c < "$work/lines.txt") / 1048576)) MiB"
for query in ㄱㅅ 감ㅅ ㅂㅇ; do
  echo "query $query: $("$bin" grep -c "$query" "$work/lines.txt") lines match"
  hyperfine --runs 5 --warmup 1 --style basic "$bin grep $query $work/lines.txt > /dev/null" 2>&1 |
    grep -E "Time|Range"
done
# GNU grep stops at the first match when its output is /dev/null, so both write to a pipe.
echo "query ㄱㅅ, counting (-c):"
hyperfine -N --output pipe --runs 5 --warmup 1 --style basic "$bin grep -c ㄱㅅ $work/lines.txt" 2>&1 | grep -E "Time|Range"
echo "for comparison, GNU grep -c -F 감사 (a plain substring, no jamo matching):"
hyperfine -N --output pipe --runs 5 --warmup 1 --style basic "grep -c -F 감사 $work/lines.txt" 2>&1 | grep -E "Time|Range"

echo
echo "== cheonjiin stats: a year of daily sessions (365 days × 3 sessions × 10 items) =="
export XDG_DATA_HOME=$work/data
"$bin" stats > /dev/null  # creates the database
python3 Scripts/make-practice-history.py "$XDG_DATA_HOME/cheonjiin/progress.sqlite" --days 365
for arguments in "stats --all" "stats --json" "stats"; do
  echo "cheonjiin $arguments:"
  hyperfine -N --runs 20 --warmup 3 --style basic "$bin $arguments" 2>&1 | grep -E "Time|Range"
done

echo
echo "== suggestion savings and next words on Lexicon/messages-bench.txt =="
# Top-1/3/5 savings and the next-word hit rate (top 3), for ko-words.tsv with the everyday words
# (the list before the inflected forms) and for the shipped lexicon (Tests/SuggestionsTests/
# SavingsFiguresTests.swift; a debug test build, since the figures count presses, not time).
CHEONJIIN_SAVINGS_FIGURES=1 Scripts/scratch-tmpdir.sh swift test --no-color-diagnostics \
  --filter SavingsFiguresTests 2>&1 | grep '^\[figures\]'

echo
echo "== the pad's start-up with the suggestion bar (first frame, suggestions ready, RSS) =="
python3 Scripts/bench_ready.py "$bin" "$PWD" 10
