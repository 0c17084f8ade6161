#!/usr/bin/env bash
# Installs the Debian packages cheonjiin needs to build and run, if any are missing, and any
# packages named as arguments (`make test` adds what the end-to-end tests drive, `make bench`
# hyperfine and vim). As root it installs them; otherwise it prints the exact command, says to
# run only that line with sudo, and fails.
#
# It also refuses to let root build in a folder that belongs to someone else (`sudo make`): the
# build would leave files in .build that the owner's next `make` cannot write.
set -euo pipefail
cd "$(dirname "$0")/.."

owner=$(stat -c %u .)
if [ "$(id -u)" -eq 0 ] && [ "$owner" -ne 0 ]; then
  name=$(id -nu "$owner" 2>/dev/null || echo "user $owner")
  echo "cheonjiin: you are root, but this folder belongs to $name." >&2
  echo "cheonjiin: a build as root leaves files in .build that $name's next make cannot" \
    "write; run make as $name (only the apt-get line it prints needs sudo)." >&2
  exit 1
fi

packages=(libncurses-dev libsqlite3-dev libvterm-dev "$@")

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$package")
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  for folder in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/.local/share/swiftly/bin"; do
    if [ -x "$folder/swift" ]; then
      echo "cheonjiin: Swift is in $folder but not on your PATH; add it:" >&2
      echo "    export PATH=$folder:\$PATH" >&2
      exit 1
    fi
  done
  echo "cheonjiin: Swift 6.2 or later is not installed; get it from" \
    "https://www.swift.org/install/linux/" >&2
  exit 1
fi

# Package.swift is written for Swift 6.2 (swift-tools-version; warnings as errors): an older
# toolchain would stop at the manifest with a message about tools versions. The driver leaves
# a TemporaryDirectory.* folder in TMPDIR even for --version: give it one of its own, where
# TMPDIR lets us make one (make's scratch folder lets others pass, not write).
version_scratch=$(mktemp -d 2>/dev/null) || version_scratch=
version=$( (if [ -n "$version_scratch" ]; then export TMPDIR=$version_scratch; fi
  swift --version 2>/dev/null) |
  sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n 1) || true
if [ -n "$version_scratch" ]; then rm -rf "$version_scratch"; fi
read -r major minor <<< "$version" || true
if [ -n "${major:-}" ] && { [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; }; then
  echo "cheonjiin: this is Swift $major.$minor ($(command -v swift)); cheonjiin needs Swift 6.2 or" \
    "later: get it from https://www.swift.org/install/linux/ and put its usr/bin first on your PATH" >&2
  exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

command="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "cheonjiin: missing Debian packages: ${missing[*]}" >&2
  echo "cheonjiin: installing packages needs root; run this one line with sudo:" >&2
  echo "" >&2
  echo "    sudo $command" >&2
  echo "" >&2
  echo "cheonjiin: then run make again as yourself, without sudo: a build as root leaves" \
    "files in .build that your own builds cannot write." >&2
  exit 1
fi

echo "cheonjiin: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends ${missing[*]} >/dev/null
