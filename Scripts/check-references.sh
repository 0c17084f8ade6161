#!/usr/bin/env bash
# Fails, listing file:line, where the repository cites what a reader of it cannot open: a
# tracker's "issue N" / "issues N", a spec's sections ("spec" then "§"), or the folder beside
# the checkout ("../" then "shared"). A comment or a test name says the fact itself; the
# engine's rules are cited as docs/engine.md §N. make lint runs it.
#
#   Scripts/check-references.sh    (from the top of the checkout)
set -u
cd "$(dirname "$0")/.." || exit 2

places=(Sources Tests docs Scripts Makefile README.md Package.swift packaging Tools
  Lexicon/README.md .ci)
present=()
for place in "${places[@]}"; do
  [ -e "$place" ] && present+=("$place")
done

# The patterns are spelled so that this file does not match them.
found=$(grep -rnIE -i -e '\bissues? #?[0-9]' -e 'spec[[:space:]]+§' -e '\.\./shared' \
  --exclude-dir=.build -- "${present[@]}")
if [ -n "$found" ]; then
  printf '%s\n' "$found"
  echo "check-references: the lines above cite an issue tracker, a spec's sections or the folder beside the checkout," \
    "which are not in the repository. Say the fact itself, or cite a file here" \
    "(docs/engine.md §N for the engine's rules)." >&2
  exit 1
fi
