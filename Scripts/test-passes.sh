#!/usr/bin/env bash
# make test: the build, then the tests in passes, with the time of each at the end.
#
# Swift Testing runs a synchronous test on one of as many threads as the machine has cores, so
# on two cores two tests run at once, even when both only wait: a tmux end-to-end test sleeping
# between key presses holds its thread. The end-to-end suites (CLITests) therefore run in
# several test processes side by side, each with its own threads, beside one process for the
# other targets; their logs are printed one after another when all have ended. The processes
# are the test binary itself: `swift test` holds a lock on .build for its whole run, so two of
# them run one after the other.
#
# Then the real-terminal holds, which time key presses in xterm and kitty, beside the scaling
# tests, which measure CPU time (not the clock) and run at the lowest priority: they take only
# what the holds leave.
#
# The tests run with HOME and every XDG folder in the run's scratch folder, as does every
# program they start (which the tests also give a scratch home of their own: scratchHome in
# Tests/TestSupport). What of the real home a test could write is listed before the tests and
# after them (Scripts/home-listing.sh): a change fails the run, with the paths it changed. The
# build before the tests is the toolchain's, which keeps its caches in the home (~/.cache,
# ~/.swiftpm) for every package it builds; it runs in the real home.
#
#   SWIFT=swift SWIFT_BUILD_FLAGS=... Scripts/test-passes.sh
#
# Run inside Scripts/scratch-tmpdir.sh, whose folder holds the logs.
set -uo pipefail
swift=${SWIFT:-swift}
read -r -a flags <<< "${SWIFT_BUILD_FLAGS:-}"
# Test processes for the end-to-end suites (beside the one for every other target).
end_to_end_processes=${CHEONJIIN_TEST_PROCESSES:-3}
scaling="ScalingTests|ScalingCheckTests"
holds="RealTerminalHoldTests|RealKittyHoldTests"
logs=$(mktemp -d "${TMPDIR:-/tmp}/test-logs.XXXXXX") || exit 1
trap 'rm -rf "$logs"' EXIT

status=0
times=""
start=$(date +%s)
lap() {
  local now
  now=$(date +%s)
  times="$times $1 $((now - start)) s;"
  start=$now
}

# Runs the tests the arguments select into a log of its own, in the background, at the
# priority given (nice's adjustment: 0 as usual, 19 the lowest), with a JUnit XML report of
# which tests failed. NO_COLOR: the log is read as text, as `swift test` writes it.
#   run_in_background LOG NICENESS ARGUMENTS...
run_in_background() {
  local log=$1 niceness=$2
  shift 2
  NO_COLOR=1 nice -n "$niceness" "$tests" --testing-library swift-testing \
    --xunit-output "$logs/$log.xml" "$@" > "$logs/$log" 2>&1 &
  pids+=("$!")
  names+=("$log")
}

# The tests a JUnit report says failed, as a --filter pattern ("Module.Suite/name(" each, the
# regular expression's special characters escaped), or nothing.
failed_tests() {
  python3 - "$1" <<'PYTHON'
import re, sys, xml.etree.ElementTree as tree
try:
    cases = tree.parse(sys.argv[1]).getroot().iter("testcase")
except (OSError, tree.ParseError):
    sys.exit(0)
names = [c.get("classname", "") + "/" + c.get("name", "").split("(")[0] + "("
         for c in cases if c.find("failure") is not None or c.find("error") is not None]
print("|".join(re.escape(name) for name in names))
PYTHON
}

# The tests the JUnit reports skipped, counted by reason ("N skipped: REASON" a line).
skipped_tests() {
  python3 - "$@" <<'PYTHON'
import collections, sys, xml.etree.ElementTree as tree
reasons = collections.Counter()
names = collections.defaultdict(list)
for path in sys.argv[1:]:
    try:
        cases = tree.parse(path).getroot().iter("testcase")
    except (OSError, tree.ParseError):
        continue
    for case in cases:
        skip = case.find("skipped")
        if skip is not None:
            reason = (skip.text or skip.get("message") or "no reason given").strip()
            reasons[reason] += 1
            names[reason].append(case.get("classname", "") + "/" + case.get("name", ""))
for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
    shown = ", ".join(names[reason][:4]) + (" …" if count > 4 else "")
    print(f"{count} skipped: {reason} ({shown})")
PYTHON
}

# The issues a log recorded, for the summary at the end.
issues_in() {
  grep -E -A4 '^✘ .*(recorded an issue|failed after)|^(Fatal error|Segmentation|Illegal|Trace/breakpoint)' \
    "$1" | grep -v -E '^✔|^◇' | head -n 60
}

# Waits for every process started and prints their logs in order. A process that failed is
# recorded, with the issues its tests recorded, for the summary at the end (CI shows the end
# of a long log, where the logs of passes that passed would hide them).
#
# Many tests drive real programs (tmux, xterm, X's key repeat, a pty, two processes on one
# database) on a schedule, beside other test processes; on a machine busier than the tests
# were tuned on, one may fail for the machine. A test that failed is run once more, alone,
# after its pass: it passes only if it passes then, and the summary names it either way, so a
# flaky test is seen, not hidden. A test that fails for the code fails both times.
failures=""
flaky=""
wait_and_print() {
  local index code pattern log
  local -a codes=()
  for index in "${!pids[@]}"; do
    code=0
    wait "${pids[$index]}" || code=$?
    codes+=("$code")
  done
  for index in "${!names[@]}"; do
    log=${names[$index]}
    echo "== $log"
    cat "$logs/$log"
    [ "${codes[$index]}" -eq 0 ] && continue
    pattern=$(failed_tests "$logs/$log.xml")
    if [ -n "$pattern" ]; then
      echo "== $log: run again alone, the tests that failed: $pattern"
      if NO_COLOR=1 "$tests" --testing-library swift-testing --filter "$pattern" \
        > "$logs/$log.again" 2>&1; then
        cat "$logs/$log.again"
        flaky="$flaky== $log: failed once, passed when run again alone: $pattern
$(issues_in "$logs/$log")
"
        continue
      fi
      cat "$logs/$log.again"
    fi
    status=1
    failures="$failures== $log: exit status ${codes[$index]}$([ -n "$pattern" ] && echo ", and again alone")
$(issues_in "$logs/$log")
"
  done
  pids=()
  names=()
}

"$swift" build "${flags[@]}" --build-tests || exit 1
tests="$("$swift" build "${flags[@]}" --show-bin-path)/cheonjiinPackageTests.xctest"
lap build

real_home=(HOME="$HOME" XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-}" XDG_DATA_HOME="${XDG_DATA_HOME:-}"
  XDG_STATE_HOME="${XDG_STATE_HOME:-}" XDG_CACHE_HOME="${XDG_CACHE_HOME:-}")
home_listing=$(dirname "$0")/home-listing.sh
env "${real_home[@]}" "$home_listing" > "$logs/real-home.before"
export HOME=$logs/home
export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share
export XDG_STATE_HOME=$HOME/.local/state XDG_CACHE_HOME=$HOME/.cache
export XDG_RUNTIME_DIR=$HOME/runtime
mkdir -p -m 700 "$HOME" "$XDG_RUNTIME_DIR"

# The end-to-end suites, dealt out to the processes heaviest first, each to the one with the
# least so far (a suite stays whole: some are serialized). A suite's weight is the seconds it
# took alone (2026-11-26, debug build, 2 cores); one not listed counts 3.
weights="ContrastTests 76 DemoRecordingEndToEndTests 26 RunEndToEndTests 22
  SafetyEndToEndTests 17 DraftsEndToEndTests 16 AdaptiveEndToEndTests 15
  RunLimitsEndToEndTests 14 KeypadEndToEndTests 11 ProgressSafetyEndToEndTests 6
  PracticeEndToEndTests 5 DemoPageLookEndToEndTests 60 DemoPageTryEndToEndTests 40"
pids=()
names=()
mapfile -t patterns < <("$tests" --testing-library swift-testing --list-tests 2>/dev/null |
  sed -n 's|^CLITests\.\([A-Za-z0-9_]*\)/.*|\1|p' | LC_ALL=C sort -u |
  grep -v -E "$scaling|$holds" |
  awk -v weights="$weights" -v processes="$end_to_end_processes" '
    BEGIN { count = split(weights, list, /[ \n]+/); for (i = 1; i < count; i += 2) weight[list[i]] = list[i + 1] }
    { suites[NR] = $1; load[NR] = ($1 in weight) ? weight[$1] : 3 }
    END {
      # Heaviest first (a selection sort: a few dozen suites).
      for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) if (load[j] > load[i]) {
        t = load[i]; load[i] = load[j]; load[j] = t; t = suites[i]; suites[i] = suites[j]; suites[j] = t
      }
      for (i = 1; i <= NR; i++) {
        least = 1
        for (p = 2; p <= processes; p++) if (total[p] < total[least]) least = p
        total[least] += load[i]
        pattern[least] = pattern[least] (pattern[least] == "" ? "" : "|") "CLITests." suites[i] "/"
      }
      for (p = 1; p <= processes; p++) if (pattern[p] != "") print pattern[p]
    }')
if [ ${#patterns[@]} -eq 0 ]; then
  echo "cheonjiin: the test binary listed no end-to-end suites" >&2
  exit 1
fi
for index in "${!patterns[@]}"; do
  run_in_background "end-to-end tests, part $((index + 1)) of ${#patterns[@]}" 0 \
    --filter "${patterns[$index]}"
done
run_in_background "the other tests" 0 --skip "CLITests\.|$scaling|$holds"
echo "== ${#pids[@]} test processes side by side; their logs follow when all have ended"
wait_and_print
lap tests

run_in_background "real-terminal holds" 0 --filter "$holds"
run_in_background "scaling" 19 --filter "$scaling"
echo "== the real-terminal holds beside the scaling tests (priority 19)"
wait_and_print
lap "holds and scaling"

env "${real_home[@]}" "$home_listing" > "$logs/real-home.after"
if ! diff "$logs/real-home.before" "$logs/real-home.after" > "$logs/real-home.diff"; then
  status=1
  failures="$failures== the tests changed the real home (- before, + after; if a program of yours
   wrote there while they ran, run make test again):
$(sed -n 's/^< /  - /p; s/^> /  + /p' "$logs/real-home.diff")
"
fi

# Every skip is said, with its reason: under CI (CHEONJIIN_REQUIRE_ALL=1) there should be none
# but the root-only tests of a run as a user.
skips=$(skipped_tests "$logs"/*.xml)
echo "== skipped: $(printf '%s\n' "$skips" | awk '{ total += $1 } END { print total + 0 }') tests"
[ -n "$skips" ] && printf '%s\n' "$skips" | sed 's/^/   /'

if [ -n "$flaky" ]; then
  echo "== what failed once and passed when run again"
  printf '%s' "$flaky"
fi
if [ -n "$failures" ]; then
  echo "== what failed"
  printf '%s' "$failures"
fi
echo "== make test:$times"
exit $status
