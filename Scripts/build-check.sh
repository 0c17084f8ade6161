#!/usr/bin/env bash
# Builds the release binary as `make build` does, with the flags `make build-check` passes in
# RELEASE_FLAGS, then the tests as `make test` builds them (debug), and fails if the compiler
# warned about one of our files (Sources/, Tests/). Warnings in dependencies (.build/checkouts)
# and the linker's are not ours to fix and are let through. Our targets' objects are removed
# first, so that every file of ours is compiled, and warned about, even after an earlier build.
#
#   make build-check                  build, then check the build's output
#   Scripts/build-check.sh --filter   check a build log on standard input (tested by CLITests)
set -euo pipefail
cd "$(dirname "$0")/.."

# Prints the warnings about our sources and tests in a build log and fails if there are any. A
# diagnostic line reads: /path/to/clone/Sources/Target/File.swift:12:3: warning: …
our_warnings() {
  local warnings
  warnings=$(grep -E '(^|/)(Sources|Tests)/[^:]+\.swift:[0-9]+:[0-9]+: warning:' |
    grep -v '/\.build/' | sort -u || true)
  [ -z "$warnings" ] && return 0
  echo "cheonjiin: $(printf '%s\n' "$warnings" | wc -l) compiler warning(s) in Sources/ or Tests/;" \
    "fix them:" >&2
  printf '%s\n' "$warnings" >&2
  return 1
}

if [ "${1:-}" = "--filter" ]; then
  our_warnings
  exit
fi

: "${RELEASE_FLAGS:?is not set: run make build-check, which passes the flags of the release build}"
for target in Sources/*/; do
  rm -rf ".build/release/$(basename "$target").build"
done
# The test targets (Tests/TestSupport too) as `swift test` builds them; the library targets'
# debug objects stay, since the release build above has warned about those files already.
for target in Tests/*/; do
  rm -rf ".build/debug/$(basename "$target").build"
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# shellcheck disable=SC2086 # the flags are words
"${SWIFT:-swift}" build $RELEASE_FLAGS 2>&1 | tee "$log" ||
  status=$?
if [ "$status" -ne 0 ]; then
  echo "cheonjiin: the release build failed (status $status)" >&2
  exit "$status"
fi
"${SWIFT:-swift}" build --build-tests 2>&1 | tee -a "$log" ||
  status=$?
if [ "$status" -ne 0 ]; then
  echo "cheonjiin: the build of the tests failed (status $status)" >&2
  exit "$status"
fi
echo >&2
our_warnings < "$log"
echo "cheonjiin: the release build and the tests' build have no warnings in Sources/ or Tests/"
