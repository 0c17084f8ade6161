#!/usr/bin/env bash
# `cheonjiin keys` on 1,000,000 random lines of everyday words beside the Hwalja lookup rule
# (github.com/anaclumos/hwalja, run by node: Scripts/hwalja-keys.js) on the same lines, in the
# same run. Called by Scripts/bench.sh after the release build; on its own:
#
#   Scripts/bench-keys.sh [BINARY]      (default .build/release/cheonjiin)
#
# BENCH_ROUNDS sets how many timed runs each command gets (default 7), in turn.
#
# Hwalja's map is not part of this project: HWALJA names a clone of the repository (a work tree,
# or a bare git directory), or its 한글.json itself; without it the script clones the repository
# into its scratch folder, and leaves Hwalja out, saying why, if that fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/cheonjiin}
if [ ! -x "$bin" ]; then
  echo "bench-keys.sh: no program at $bin: build it first (swift build -c release)" >&2
  exit 2
fi
bin=$(realpath "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CHEONJIIN_LAYOUTS=$PWD/Layouts LANG=C.UTF-8 LC_ALL=C.UTF-8

echo
echo "== cheonjiin keys: 1,000,000 random lines of everyday words, beside Hwalja =="
# The shipped word list's Hangul words, spelled on the Hwalja layout, one `spell` per 2,000
# words: a space between words is `__` (end the syllable, then type the space).
python3 Scripts/bench_keys.py words Lexicon/ko-words.tsv > "$work/words.txt"
split -l 2000 "$work/words.txt" "$work/chunk-"
for chunk in "$work"/chunk-*; do
  "$bin" spell --layout cheonjiin-hwalja "$(tr '\n' ' ' < "$chunk")" | sed 's/__/\n/g'
done > "$work/spelled.txt"
python3 Scripts/bench_keys.py lines "$work/spelled.txt" > "$work/lines.txt"

map=""
hwalja=${HWALJA:-}
if [ -z "$hwalja" ] &&
  git clone --quiet --depth 1 https://github.com/anaclumos/hwalja "$work/hwalja" 2> /dev/null; then
  hwalja=$work/hwalja
fi
if [ -f "$hwalja" ]; then
  map=$hwalja
elif [ -f "$hwalja/한글.json" ]; then
  map=$hwalja/한글.json
elif [ -n "$hwalja" ] && git --git-dir="$hwalja" show HEAD:한글.json > "$work/hwalja.json" 2> /dev/null; then
  map=$work/hwalja.json
fi
missing=""
if ! command -v node > /dev/null; then
  missing="node is not installed (apt-get install nodejs)"
elif [ -z "$map" ]; then
  missing="no copy of its map: set HWALJA to a clone of github.com/anaclumos/hwalja"
  missing+=" (a work tree or a bare git directory) or to its 한글.json"
fi
if [ -n "$missing" ]; then
  echo "Hwalja left out, $missing; timing keys alone"
  python3 Scripts/bench_keys.py time "$work/lines.txt" "$bin"
  exit 0
fi

"$bin" keys --layout cheonjiin-hwalja < "$work/lines.txt" > "$work/ours.txt"
node Scripts/hwalja-keys.js "$map" < "$work/lines.txt" > "$work/hwalja.txt"
same=$(paste -d '\t' "$work/ours.txt" "$work/hwalja.txt" | awk -F '\t' '$1 == $2' | wc -l)
echo "both type the same text on $same of $(wc -l < "$work/lines.txt") lines (in this word list the" \
  "others are ㄻ before ㅇ: Hwalja's map alone takes ㄻ round to ㄹㅇ, so 젊은 comes out 절은)"
python3 Scripts/bench_keys.py time "$work/lines.txt" "$bin" "$map"
