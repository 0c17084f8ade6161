#!/usr/bin/env bash
# Lists what of a home a test could write, one entry a line: make test lists the real home before
# the tests and after them, and fails if the two differ (Scripts/test-passes.sh).
#
#   - the top level of HOME and of each XDG folder (XDG_CONFIG_HOME, XDG_DATA_HOME,
#     XDG_STATE_HOME, XDG_CACHE_HOME, or their defaults under HOME): each file with its size
#     and time, each folder and link by name, so that a new one shows (~/.bash_history,
#     ~/.viminfo, ~/.config/kitty);
#   - the program's own folders (cheonjiin in each XDG folder) whole, each entry with its size
#     and time: progress.sqlite, and its -wal and -shm, which opening it makes.
#
# Not what other programs write deeper in their own folders (a browser's profile, an editor's
# state), which they may do while the tests run: every program a test starts runs with HOME
# and the XDG folders in the scratch folder, which is what keeps the tests out of those; this
# is the check that it did.
#
#   HOME=… [XDG_CONFIG_HOME=…] Scripts/home-listing.sh
# A folder that is not there lists nothing; the listing is what find finds.
set -u

# An XDG folder as the specification reads it: the variable if it is an absolute path, else
# the default under HOME.
xdg() {
  case $1 in
    /*) echo "$1" ;;
    *) echo "$HOME/$2" ;;
  esac
}

folders=("$HOME" "$(xdg "${XDG_CONFIG_HOME:-}" .config)" "$(xdg "${XDG_DATA_HOME:-}" .local/share)"
  "$(xdg "${XDG_STATE_HOME:-}" .local/state)" "$(xdg "${XDG_CACHE_HOME:-}" .cache)")
for folder in "${folders[@]}"; do
  find "$folder" -mindepth 1 -maxdepth 1 \( -type f -printf '%y %p %s %T@\n' \) -o -printf '%y %p\n'
  find "$folder/cheonjiin" -printf '%y %p %s %T@\n'
done 2> /dev/null | LC_ALL=C sort -u
