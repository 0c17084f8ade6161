#!/usr/bin/env bash
# `make install` and `make uninstall`. install copies the files and writes a manifest: each file
# it wrote, with its SHA-256, and each folder it made. uninstall removes the files the manifest
# names that are still as install wrote them, then the folders it made that are left empty:
# never a file install did not write, nor a folder that still holds one. That matters most with
# PREFIX=~/.local, where the data folder (~/.local/share/cheonjiin) is also the program's own,
# which holds the user's progress and learned words.
#
#   packaging/install.sh install DESTDIR MANIFEST MODE SOURCE TARGET...
#   packaging/install.sh uninstall DESTDIR MANIFEST MODE SOURCE TARGET...
#
# TARGET and MANIFEST are paths as installed (under PREFIX), written under DESTDIR; the manifest
# names them without DESTDIR, so that a staged tree copied into place uninstalls there too.
# Installing again adds to the manifest: uninstall removes what every install wrote.
#
# An install by a version that wrote no manifest is uninstalled by name: the TARGETs this
# version installs, and the folders its record (installed-folders, beside the manifest) names
# when they are empty.
set -euo pipefail
action=$1 destdir=$2
# DESTDIR=/stage/ as /stage: the folders above the tree are not the install's.
while [[ $destdir == */ ]]; do destdir=${destdir%/}; done
manifest=$destdir$3
shift 3
if [ $(($# % 3)) -ne 0 ]; then
  echo "packaging/install.sh: $action takes MODE SOURCE TARGET triples, not $# arguments" >&2
  exit 2
fi
# The folder record of versions before the manifest: folders with DESTDIR, one a line.
record=$(dirname "$manifest")/installed-folders

# Each file in the manifest, "file SHA256 PATH", and each folder, "folder PATH", deepest first.
file_entries() { [ -f "$manifest" ] && sed -n 's/^file //p' "$manifest" || true; }
folder_entries() {
  [ -f "$manifest" ] && sed -n 's/^folder //p' "$manifest"
  [ -f "$record" ] && awk -v destdir="$destdir" '
    index($0, destdir) == 1 { $0 = substr($0, length(destdir) + 1) } { print }' "$record"
  true
}

sha256() { sha256sum < "$1" | cut -d ' ' -f 1; }

# Appends to `made` each folder of PATH (under DESTDIR) that is missing, and makes them.
make_folder() {
  local path=$destdir$1
  while [ ${#path} -gt ${#destdir} ] && [ ! -e "$path" ]; do
    made+=("${path#"$destdir"}")
    path=$(dirname "$path")
  done
  install -d "$destdir$1"
}

install_files() {
  local made=() targets=() target
  while [ $# -gt 0 ]; do
    make_folder "$(dirname "$3")"
    install -m "$1" "$2" "$destdir$3"
    targets+=("$3")
    shift 3
  done
  make_folder "$(dirname "${manifest#"$destdir"}")"
  {
    for target in "${targets[@]}"; do
      echo "file $(sha256 "$destdir$target") $target"
    done
    # What an earlier install wrote that this one did not (a file a later version dropped).
    file_entries | awk -v written="$(printf '%s\n' "${targets[@]}")" '
      BEGIN { count = split(written, list, "\n"); for (i = 1; i <= count; i++) new[list[i]] = 1 }
      { path = $0; sub(/^[^ ]* /, "", path); if (!(path in new)) print "file " $0 }'
    # Deepest first, each once: a folder is removed only after what was made inside it.
    { printf '%s\n' "${made[@]}"; folder_entries; } |
      awk 'NF && !seen[$0]++ { print length($0) "\t" $0 }' | sort -rn | cut -f 2- |
      sed 's/^/folder /'
  } > "$manifest.tmp"
  mv "$manifest.tmp" "$manifest"
  rm -f "$record"
  echo "cheonjiin: installed ${#targets[@]} files; make uninstall removes them ($manifest)"
}

uninstall_files() {
  local hash path kept=() folders=() removed=0
  if [ -f "$manifest" ]; then
    while read -r hash path; do
      [ -f "$destdir$path" ] || continue
      if [ "$(sha256 "$destdir$path")" = "$hash" ]; then
        rm -f "$destdir$path"
        removed=$((removed + 1))
      else
        kept+=("$path")
      fi
    done < <(file_entries)
  else
    echo "cheonjiin: $manifest is missing (an install by an older version): removing the" \
      "files this version installs, by name" >&2
    while [ $# -gt 0 ]; do
      if [ -f "$destdir$3" ]; then
        rm -f "$destdir$3"
        removed=$((removed + 1))
      fi
      shift 3
    done
  fi
  mapfile -t folders < <(folder_entries)
  rm -f "$manifest" "$record"
  for path in "${folders[@]}"; do
    rmdir --ignore-fail-on-non-empty "$destdir$path" 2> /dev/null || true
  done
  echo "cheonjiin: removed $removed files that make install wrote"
  for path in "${kept[@]}"; do
    echo "cheonjiin: kept $destdir$path: it changed since make install wrote it" >&2
  done
}

case $action in
  install) install_files "$@" ;;
  uninstall) uninstall_files "$@" ;;
  *)
    echo "packaging/install.sh: unknown action '$action' (install or uninstall)" >&2
    exit 2
    ;;
esac
