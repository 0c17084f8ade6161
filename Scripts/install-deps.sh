#!/usr/bin/env bash
# Installs the Debian packages cheonjiin needs to build and run, if any are missing, and any
# packages named as arguments (`make test` adds what the end-to-end tests drive, `make bench`
# hyperfine and vim). As root it installs them; otherwise it prints the exact command and fails.
set -euo pipefail

packages=(libncurses-dev libsqlite3-dev libvterm-dev "$@")

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$package")
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "cheonjiin: Swift 6 is not installed; get it from https://www.swift.org/install/linux/" >&2
  exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

command="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "cheonjiin: missing Debian packages: ${missing[*]}" >&2
  echo "cheonjiin: install them with:  sudo $command" >&2
  exit 1
fi

echo "cheonjiin: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends ${missing[*]} >/dev/null
