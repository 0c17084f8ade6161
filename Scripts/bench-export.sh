#!/usr/bin/env bash
# `cheonjiin layouts export` on every shipped layout: states, entries, bytes raw and gzipped, and
# the time of each export (hyperfine), for docs/performance.md. Usage: bench-export.sh BINARY
set -euo pipefail
bin=${1:?usage: bench-export.sh BINARY}
export CHEONJIIN_LAYOUTS=${CHEONJIIN_LAYOUTS:-$PWD/Layouts}
out=$(mktemp -d "${TMPDIR:-/tmp}/cheonjiin-export.XXXXXX")
trap 'rm -rf "$out"' EXIT
echo "== layouts export: size and time per shipped layout =="
printf '%-18s %7s %8s %10s %9s %10s %9s\n' layout states entries table gzip hwalja gzip
for file in Layouts/*.json; do
  id=$(basename "$file" .json)
  [ "$id" = layout.schema ] && continue
  "$bin" layouts export "$id" --output "$out/$id.json"
  "$bin" layouts export "$id" --format hwalja --output "$out/$id.hwalja.json"
  states=$(grep -c '^    {"preedit"' "$out/$id.json")
  keys=$(grep -c '"action": "' "$out/$id.json")
  printf '%-18s %7d %8d %10d %9d %10d %9d\n' "$id" "$states" $((states * keys)) \
    "$(wc -c <"$out/$id.json")" "$(gzip -9c "$out/$id.json" | wc -c)" \
    "$(wc -c <"$out/$id.hwalja.json")" "$(gzip -9c "$out/$id.hwalja.json" | wc -c)"
done
# Every shipped layout, both forms: the target is under a second for each.
commands=()
for file in Layouts/*.json; do
  id=$(basename "$file" .json)
  [ "$id" = layout.schema ] && continue
  commands+=("$bin layouts export $id --output $out/time.json")
  commands+=("$bin layouts export $id --format hwalja --output $out/time.json")
done
hyperfine -N --runs 10 --warmup 1 --style basic "${commands[@]}" 2>&1 |
  grep -E "Benchmark|Time|Range"
