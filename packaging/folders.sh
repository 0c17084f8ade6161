#!/usr/bin/env bash
# The folders of `make install` and `make uninstall`: uninstall removes the folders that install
# made and nothing else (/usr/local/bin, say, stays even if it is empty, when it was there
# before).
#
#   packaging/folders.sh make RECORD FOLDER...  makes each FOLDER (a path under $DESTDIR) and
#                                               writes to RECORD, one a line, every folder that
#                                               did not exist before, deepest first
#   packaging/folders.sh remove RECORD TREE     reads RECORD, removes TREE whole (the data
#                                               folder, which holds RECORD), then the folders
#                                               RECORD names that are empty, in its order
set -euo pipefail
action=$1 record=$2
shift 2
case $action in
  make)
    made=()
    for folder in "$@"; do
      missing=()
      path=$folder
      while [ ! -e "$path" ]; do
        missing+=("$path")
        path=$(dirname "$path")
      done
      install -d "$folder"
      made+=("${missing[@]}")
    done
    # Deepest first, each once: a folder is removed only after what was made inside it.
    printf '%s\n' "${made[@]}" | awk 'NF && !seen[$0]++ { print length($0) "\t" $0 }' |
      sort -rn | cut -f2- > "$record.tmp"
    mv "$record.tmp" "$record"
    ;;
  remove)
    folders=()
    [ -f "$record" ] && mapfile -t folders < "$record"
    rm -rf "$1"
    for folder in "${folders[@]}"; do
      rmdir --ignore-fail-on-non-empty "$folder" 2>/dev/null || true
    done
    ;;
  *)
    echo "packaging/folders.sh: unknown action '$action' (make or remove)" >&2
    exit 2
    ;;
esac
