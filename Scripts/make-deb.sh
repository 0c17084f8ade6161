#!/usr/bin/env bash
# Builds cheonjiin_<version>_<arch>.deb in the top folder from what `make build` made (`make deb`
# runs both): `make install` into a staging tree with PREFIX=/usr, then what Debian asks of a
# package: the manual page compressed with gzip -9n, the copyright file (packaging/copyright,
# machine-readable, with the word list's licence), the changelog, lintian's overrides (each
# with its reason), md5sums, and a control file
# whose Depends comes from dpkg-shlibdeps (the libraries the binary links) and whose
# Installed-Size is counted as dpkg-gencontrol counts it. Scripts/check-deb.sh checks the result.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(cat VERSION)
arch=$(dpkg --print-architecture)
deb="cheonjiin_${version}_${arch}.deb"
maintainer="Seed 31c1ee5a maintainers <maintainers@users.noreply.a-seed-31c1ee5a.example>"

changelog_version=$(dpkg-parsechangelog -l packaging/changelog -S Version)
if [ "$changelog_version" != "$version" ]; then
  echo "cheonjiin: packaging/changelog's latest entry is $changelog_version, VERSION says" \
    "$version; add an entry for $version" >&2
  exit 1
fi

# debhelper's layout, which dpkg-shlibdeps expects: debian/control, and the package's tree in
# debian/cheonjiin.
work=.build/deb
root="$work/debian/cheonjiin"
rm -rf "$work"
mkdir -p "$root"
# Debian's zsh looks for packages' completions in vendor-completions, not site-functions.
make --no-print-directory install DESTDIR="$PWD/$root" PREFIX=/usr \
  ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions >/dev/null

# dpkg keeps its own list of the package's files and folders.
rm "$root/usr/share/cheonjiin/install-manifest"
gzip -9n "$root/usr/share/man/man1/cheonjiin.1"
doc="$root/usr/share/doc/cheonjiin"
install -d "$doc"
install -m 644 packaging/copyright "$doc/copyright"
gzip -9n < packaging/changelog > "$doc/changelog.gz"
install -d "$root/usr/share/lintian/overrides"
install -m 644 packaging/lintian-overrides "$root/usr/share/lintian/overrides/cheonjiin"
# Whatever the umask: folders 755, files 644, the program 755.
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/bin/cheonjiin"

# DEBIAN/ first: dpkg-shlibdeps finds the package's tree by it.
install -d -m 755 "$root/DEBIAN"
printf 'Source: cheonjiin\n\nPackage: cheonjiin\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -edebian/cheonjiin/usr/bin/cheonjiin |
  sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then
  echo "cheonjiin: dpkg-shlibdeps found no libraries for usr/bin/cheonjiin" >&2
  exit 1
fi

# Each file's size in KiB, rounded up, and 1 KiB for every other object, as dpkg-gencontrol.
installed_size=$(find "$root" -mindepth 1 -path "$root/DEBIAN" -prune -o -printf '%y %s\n' |
  awk '{ total += ($1 == "f" || $1 == "l") ? int(($2 + 1023) / 1024) : 1 } END { print total }')

(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z |
  xargs -0 md5sum) > "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<EOF
Package: cheonjiin
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: utils
Priority: optional
Description: Galaxy-style 천지인 (Cheon-Ji-In) Korean keypad for the terminal
 cheonjiin draws the 3x4 천지인 keypad of Galaxy phones in a terminal and
 types Korean with it, from the numeric keypad, the digit keys, the arrow
 keys or the mouse. The text goes to standard output, a file, the
 clipboard or a tmux pane; cheonjiin run makes 천지인 the input method of
 any program. A suggestion bar offers words from a 30,000-word list.
 .
 It also teaches the keypad (lessons with fading cues, progress kept in
 SQLite), reads numbers the Korean way, searches text by initial
 consonants (초성) and replays key sequences for scripts.
EOF
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

rm -f "$deb"
dpkg-deb --build --root-owner-group "$root" "$deb" >/dev/null
echo "cheonjiin: built $deb ($(stat -c %s "$deb") bytes; Installed-Size $installed_size KiB)"
