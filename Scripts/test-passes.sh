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
# priority given (nice's adjustment: 0 as usual, 19 the lowest). NO_COLOR: the log is read as
# text, as `swift test` writes it.
run_in_background() {
  local log=$1 niceness=$2
  shift 2
  NO_COLOR=1 nice -n "$niceness" "$tests" --testing-library swift-testing "$@" \
    > "$logs/$log" 2>&1 &
  pids+=("$!")
  names+=("$log")
}

# Waits for every process started, prints their logs in order, and records a failure.
wait_and_print() {
  local index
  for index in "${!pids[@]}"; do
    if ! wait "${pids[$index]}"; then status=1; fi
  done
  for index in "${!names[@]}"; do
    echo "== ${names[$index]}"
    cat "$logs/${names[$index]}"
  done
  pids=()
  names=()
}

"$swift" build "${flags[@]}" --build-tests || exit 1
tests="$("$swift" build "${flags[@]}" --show-bin-path)/cheonjiinPackageTests.xctest"
lap build

# The end-to-end suites, dealt out in turn to the processes (a suite stays whole: some are
# serialized).
pids=()
names=()
mapfile -t suites < <("$tests" --testing-library swift-testing --list-tests 2>/dev/null |
  sed -n 's|^\(CLITests\.[A-Za-z0-9_]*\)/.*|\1|p' | LC_ALL=C sort -u |
  grep -v -E "$scaling|$holds")
if [ ${#suites[@]} -eq 0 ]; then
  echo "cheonjiin: swift test list found no end-to-end suites" >&2
  exit 1
fi
for ((shard = 0; shard < end_to_end_processes; shard++)); do
  pattern=""
  for ((index = shard; index < ${#suites[@]}; index += end_to_end_processes)); do
    pattern="$pattern${pattern:+|}${suites[$index]}/"
  done
  if [ -n "$pattern" ]; then
    run_in_background "end-to-end tests, part $((shard + 1)) of $end_to_end_processes" 0 \
      --filter "$pattern"
  fi
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

echo "== make test:$times"
exit $status
