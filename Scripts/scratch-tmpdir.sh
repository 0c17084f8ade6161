#!/usr/bin/env bash
# Runs a command with TMPDIR and TMUX_TMPDIR set to a new folder of its own, then removes the
# folder, and exits with the command's status (the Makefile runs every swift command so).
#
# What lands in temporary files during a build or a test run is then gone after it, from
# /tmp and from everywhere else: the Swift driver's TemporaryDirectory.* folders, SwiftPM's
# lock files (/tmp/_path_to_clone_.build.lock, which a build as root left owned by root, in the
# way of the owner's next build), the tests' scratch folders and tmux's sockets.
#
# SwiftPM's lock kept two builds in one clone from running at once; with a TMPDIR of each
# run's own it no longer can, so a lock on .build/make.lock does it instead (flock, held by
# this script only: a program the command leaves running does not keep it).
#
#   Scripts/scratch-tmpdir.sh COMMAND [ARGUMENT...]
set -uo pipefail
build="$(dirname "$0")/../.build"
mkdir -p "$build" || exit 1
exec 9>> "$build/make.lock"
if ! flock -n 9; then
  echo "cheonjiin: another make is using .build in this folder; waiting for it to finish" >&2
  flock 9
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cheonjiin-run.XXXXXX") || exit 1
# Others may pass through, not list: tests run the program as nobody in a folder of nobody's
# inside it (ProgressSafetyEndToEndTests), as they would inside /tmp.
chmod 711 "$scratch"
trap 'rm -rf "$scratch"' EXIT
TMPDIR=$scratch TMUX_TMPDIR=$scratch "$@" 9>&-
