#!/usr/bin/env bash
# Fails, listing each file and its length, where a source file is longer than docs/development.md
# allows: 400 lines in the executable, the runtime and the screens (and what only they use), 600
# anywhere else, unless the file's first 12 lines say why it is one job and name the limit it
# passes ("over 400 lines", "over 600 lines"). A long file is where two jobs hide; the header
# makes the exception a decision someone can read. make lint runs it.
#
#   Scripts/check-file-sizes.sh    (from the top of the checkout)
set -u
cd "$(dirname "$0")/.." || exit 2

screen_targets=(cheonjiin TerminalUI PadScreen PracticeScreen DemoScreen RunScreen ReportViews
  Typing PadViews Drafts)

limit_for() {
  local target
  target=$(cut -d/ -f2 <<< "$1")
  for screen in "${screen_targets[@]}"; do
    [ "$target" = "$screen" ] && [ "${1%%/*}" = Sources ] && { echo 400; return; }
  done
  echo 600
}

failed=0
while IFS= read -r -d '' file; do
  lines=$(wc -l < "$file")
  limit=$(limit_for "$file")
  [ "$lines" -le "$limit" ] && continue
  head -n 12 "$file" | grep -q "over $limit lines" && continue
  echo "$file: $lines lines (the limit is $limit)"
  failed=1
done < <(find Sources Tests Scripts Tools Benchmarks -type f \
  \( -name '*.swift' -o -name '*.sh' -o -name '*.py' -o -name '*.js' -o -name '*.c' \) \
  -not -path '*/.build/*' -print0 2>/dev/null)

if [ "$failed" -ne 0 ]; then
  echo "check-file-sizes: split the files above by job, or say in the first lines why one is" \
    "one job and that it is over its limit (\"over 600 lines\")." >&2
  exit 1
fi
