#!/usr/bin/env bash
# Runs a command with TMPDIR and TMUX_TMPDIR set to a new folder of its own, then removes the
# folder, and exits with the command's status (the Makefile runs every swift command so).
#
# What lands in temporary files during a build or a test run is then gone after it, from
# /tmp and from everywhere else: the Swift driver's TemporaryDirectory.* folders, SwiftPM's
# lock files (/tmp/_path_to_clone_.build.lock, which a build as root left owned by root, in the
# way of the owner's next build), the tests' scratch folders and tmux's sockets.
#
#   Scripts/scratch-tmpdir.sh COMMAND [ARGUMENT...]
set -uo pipefail
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cheonjiin-run.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
TMPDIR=$scratch TMUX_TMPDIR=$scratch "$@"
