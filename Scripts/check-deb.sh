#!/usr/bin/env bash
# Checks the Debian package `make deb` built (`make deb-check` runs both) as a user would get
# it, and `make install` / `make uninstall` beside it:
#   1. its control fields: name, version (VERSION), architecture, a Depends naming the package
#      of every library the binary loads, an Installed-Size that fits the files;
#   2. its files: exactly the binary, the runtime data (no benchmark files), the manual page
#      (gzip -9n), the completions, the copyright file, the changelog and the lintian
#      overrides, all root:root; the binary stripped, without RUNPATH;
#   3. lintian: no error and no warning (informational tags are printed, not fatal);
#   4. installed with dpkg into a scratch root: the installed binary prints its version and
#      finds its layouts and word lists under the root's /usr/share/cheonjiin, with no
#      CHEONJIIN_* variable and far from the source tree; the manual page renders with groff
#      and the bash completion completes (zsh and fish look where theirs are, and parse them);
#      dpkg -r removes every file;
#   5. make install into a DESTDIR under PREFIX=/usr/local runs the same way, with a manifest
#      of what it wrote (as installed, without DESTDIR), and make uninstall leaves no file behind
#      (InstallTests checks the same in a home that holds the user's files).
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(cat VERSION)
arch=$(dpkg --print-architecture)
deb="$PWD/cheonjiin_${version}_${arch}.deb"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
problems=0

fail() {
  echo "cheonjiin: check-deb: $*" >&2
  problems=$((problems + 1))
}
pass() { echo "  ok  $*"; }

[ -f "$deb" ] || {
  echo "cheonjiin: check-deb: $deb is missing; run make deb-check" >&2
  exit 1
}
echo "== $(basename "$deb"): $(stat -c %s "$deb") bytes"

# Runs a program installed under $1 (a root folder) the way a user would: a clean environment,
# no CHEONJIIN_* variable, in / so that no source tree is near.
run_installed() {
  local root=$1
  shift
  (cd / && env -i PATH=/usr/bin:/bin HOME="$scratch/home" LANG=C.UTF-8 "$root/$@")
}

# The package of the file a library path names (merged /usr: try the path as given, then its
# real path).
package_of() {
  { dpkg -S "$1" 2>/dev/null || dpkg -S "$(readlink -f "$1")" 2>/dev/null; } |
    head -n 1 | cut -d: -f1
}

# Checks a binary installed in a root: it runs, prints its version, and types with the layouts,
# the keymaps and the practice messages found under the root's share folder.
check_installed_program() {
  local root=$1 bin=$2 share=$3
  local output
  output=$(run_installed "$root" "$bin" --version) || fail "$bin --version failed"
  [ "$output" = "cheonjiin $version" ] && pass "$bin --version: $output" ||
    fail "$bin --version printed '$output', not 'cheonjiin $version'"
  output=$(run_installed "$root" "$bin" keys 'ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ') || fail "$bin keys failed"
  [ "$output" = "안녕" ] && pass "$bin keys: 안녕 with the installed layout" ||
    fail "$bin keys printed '$output'"
  output=$(run_installed "$root" "$bin" number 1234) || fail "$bin number failed"
  [ "$output" = "천이백삼십사" ] && pass "$bin number 1234: $output" ||
    fail "$bin number 1234 printed '$output'"
  output=$(run_installed "$root" "$bin" layouts list) || fail "$bin layouts list failed"
  grep -q "$root$share/layouts/cheonjiin-galaxy.json" <<< "$output" &&
    pass "$bin layouts list: the layouts in $share/layouts" ||
    fail "$bin layouts list did not list $root$share/layouts: $output"
  # The practice messages come from the lexicon folder: the list differs without it.
  local installed source missing
  installed=$(run_installed "$root" "$bin" practice --list) || fail "$bin practice --list failed"
  source=$(CHEONJIIN_LEXICON="$PWD/Lexicon" "$root/$bin" practice --list)
  missing=$(CHEONJIIN_LEXICON=/nonexistent "$root/$bin" practice --list)
  [ "$installed" = "$source" ] && [ "$installed" != "$missing" ] &&
    pass "$bin practice --list: the messages from $share/lexicon" ||
    fail "$bin practice --list did not read $share/lexicon/practice-messages-ko.txt"
  cmp -s "$root$share/lexicon/ko-words.tsv" Lexicon/ko-words.tsv &&
    pass "$share/lexicon/ko-words.tsv is the shipped word list" ||
    fail "$share/lexicon/ko-words.tsv differs from Lexicon/ko-words.tsv"
  cmp -s "$root$share/lexicon/practice-words-ko.txt" Lexicon/practice-words-ko.txt &&
    pass "$share/lexicon/practice-words-ko.txt is the reviewed practice list" ||
    fail "$share/lexicon/practice-words-ko.txt differs from Lexicon/practice-words-ko.txt"
}

# The files a tree under PREFIX must hold, one per line, sorted, given the manual page's name
# and the folder of zsh's completion.
expected_files() {
  local prefix=$1 man=$2 zsh=$3
  {
    echo "$prefix/bin/cheonjiin"
    for file in Layouts/*.json; do echo "$prefix/share/cheonjiin/layouts/${file#Layouts/}"; done
    for file in Keymaps/*.json; do echo "$prefix/share/cheonjiin/keymaps/${file#Keymaps/}"; done
    for file in ko-words.tsv ko-forms.tsv ko-next.tsv everyday-ko.tsv practice-words-ko.txt \
      practice-messages-ko.txt practice-blocked-ko.txt NOTICE; do
      echo "$prefix/share/cheonjiin/lexicon/$file"
    done
    echo "$prefix/share/man/man1/$man"
    echo "$prefix/share/bash-completion/completions/cheonjiin"
    echo "$zsh/_cheonjiin"
    echo "$prefix/share/fish/vendor_completions.d/cheonjiin.fish"
  } | LC_ALL=C sort
}

# --- 1. Control fields ---------------------------------------------------------------------
echo "== control"
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = cheonjiin ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] && pass "Version $version (VERSION)" ||
  fail "Version is '$(field Version)', VERSION says $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)'"
depends=$(field Depends)
pass "Depends: $depends"
dpkg-deb -x "$deb" "$scratch/extracted"
binary="$scratch/extracted/usr/bin/cheonjiin"
while read -r library path; do
  package=$(package_of "$path")
  if [ -z "$package" ]; then
    fail "no package holds $path ($library)"
  elif sed 's/ ([^)]*)//g; s/, */\n/g; s/ *| */\n/g' <<< "$depends" | grep -qxF "$package"; then
    pass "$library is in $package, which Depends names"
  else
    fail "$library is in $package, which Depends does not name"
  fi
done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }')
size=$(field Installed-Size)
files_kib=$(find "$scratch/extracted" -type f -printf '%s\n' |
  awk '{ t += $1 } END { print int(t / 1024) }')
objects=$(find "$scratch/extracted" -mindepth 1 | wc -l)
if [ "$size" -ge "$files_kib" ] && [ "$size" -le $((files_kib + objects)) ]; then
  pass "Installed-Size $size KiB (files: $files_kib KiB in $objects objects)"
else
  fail "Installed-Size $size KiB does not fit the files ($files_kib KiB, $objects objects)"
fi

# --- 2. Files ------------------------------------------------------------------------------
echo "== files"
dpkg-deb --contents "$deb" > "$scratch/contents"
awk '$2 != "root/root" { print }' "$scratch/contents" | grep -q . &&
  fail "entries not owned by root/root: $(awk '$2 != "root/root"' "$scratch/contents")" ||
  pass "every entry is root/root"
{
  expected_files /usr cheonjiin.1.gz /usr/share/zsh/vendor-completions
  printf '%s\n' /usr/share/doc/cheonjiin/copyright /usr/share/doc/cheonjiin/changelog.gz \
    /usr/share/lintian/overrides/cheonjiin
} | LC_ALL=C sort > "$scratch/expected"
(cd "$scratch/extracted" && find . -type f -printf '/%P\n' | LC_ALL=C sort) > "$scratch/actual"
if diff -u "$scratch/expected" "$scratch/actual" > "$scratch/files.diff"; then
  pass "the files: binary, data, manual page, completions, docs ($(wc -l < "$scratch/actual"))"
else
  fail "the files differ from what is expected:"
  cat "$scratch/files.diff" >&2
fi
grep -q 'messages-bench' "$scratch/actual" && fail "a benchmark file is packaged" ||
  pass "no benchmark file"
sections=$(readelf -S -W "$binary")
grep -Eq ' \.(symtab|debug_[a-z]+|comment) ' <<< "$sections" &&
  fail "usr/bin/cheonjiin is not stripped (.symtab, .debug_* or .comment)" ||
  pass "usr/bin/cheonjiin is stripped: $(stat -c %s "$binary") bytes"
readelf -d "$binary" | grep -Eq 'RPATH|RUNPATH' && fail "usr/bin/cheonjiin has a RUNPATH" ||
  pass "usr/bin/cheonjiin has no RUNPATH"
man_page="$scratch/extracted/usr/share/man/man1/cheonjiin.1.gz"
file "$man_page" | grep -q 'max compression' && ! file "$man_page" | grep -q 'last modified' &&
  pass "the manual page is gzip -9n" || fail "the manual page is not gzip -9n: $(file "$man_page")"
head -n 1 "$scratch/extracted/usr/share/doc/cheonjiin/copyright" |
  grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' &&
  grep -q '^Files: Lexicon/ko-words.tsv' "$scratch/extracted/usr/share/doc/cheonjiin/copyright" &&
  grep -q '^License: CC-BY-SA-4.0' "$scratch/extracted/usr/share/doc/cheonjiin/copyright" &&
  pass "copyright is machine-readable and gives the word list's licence" ||
  fail "copyright lacks the DEP-5 header or the word list's CC-BY-SA-4.0 paragraph"

# --- 3. lintian ----------------------------------------------------------------------------
echo "== lintian"
# lintian leaves an mldbm-elf-* cache file in TMPDIR on every run: give it the scratch folder.
mkdir -p "$scratch/lintian-tmp"
if TMPDIR=$scratch/lintian-tmp lintian --fail-on error,warning --display-info "$deb" \
  > "$scratch/lintian" 2>&1; then
  pass "lintian: no error, no warning"
else
  fail "lintian reported errors or warnings"
fi
# Informational tags, counted by name (spelling-error-in-binary: words in the Swift runtime's
# and ICU's strings).
grep -E '^[EWI]: ' "$scratch/lintian" | awk '{ print "  lintian " $1 " " $3 }' | sort |
  uniq -c || true

# --- 4. dpkg -i into a scratch root --------------------------------------------------------
echo "== dpkg --root"
root="$scratch/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$scratch/home"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
# The scratch root has no libraries: dependencies are the host's.
dpkg --root="$root" --force-depends --force-not-root -i "$deb" > "$scratch/dpkg.log" 2>&1 ||
  fail "dpkg -i failed: $(cat "$scratch/dpkg.log")"
status=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status} ${Version}' cheonjiin)
[ "$status" = "install ok installed $version" ] && pass "dpkg: $status" || fail "dpkg: $status"
check_installed_program "$root" usr/bin/cheonjiin /usr/share/cheonjiin
rendered=$(zcat "$root/usr/share/man/man1/cheonjiin.1.gz" |
  LC_ALL=C.UTF-8 groff -k -man -Tutf8 -ww -P-cbou 2> "$scratch/groff.log")
[ ! -s "$scratch/groff.log" ] && grep -q "cheonjiin $version" <<< "$rendered" &&
  grep -q '천지인' <<< "$rendered" &&
  pass "the installed manual page renders without a warning, with its version and Hangul" ||
  fail "the installed manual page: $(cat "$scratch/groff.log")"
completion=$(bash -c 'source "$1"; COMP_LINE="cheonjiin pra"; COMP_POINT=${#COMP_LINE}
  COMP_WORDS=(cheonjiin pra); COMP_CWORD=1; _cheonjiin cheonjiin pra cheonjiin
  echo "${COMPREPLY[*]}"' - "$root/usr/share/bash-completion/completions/cheonjiin")
[ "$completion" = practice ] && pass "bash completes 'cheonjiin pra' to practice" ||
  fail "bash completion of 'cheonjiin pra' gave '$completion'"
# Each shell looks where the package puts its file (zsh's $fpath, fish's $fish_complete_path),
# and can read the file.
search_path() {
  case $1 in
    zsh) zsh -fc 'print -l $fpath' ;;
    fish)
      env -u XDG_DATA_DIRS HOME="$scratch/home" fish -c 'printf "%s\n" $fish_complete_path'
      ;;
  esac
}
for shell in zsh fish; do
  file=$(grep "/$shell/" "$scratch/expected")
  search_path "$shell" | grep -qxF "$(dirname "$file")" &&
    pass "$shell looks in $(dirname "$file")" || fail "$shell does not look in $(dirname "$file")"
  "$shell" -n "$root$file" && pass "$shell -n $file: it parses" || fail "$shell cannot parse $file"
done
dpkg --root="$root" --force-not-root -r cheonjiin > "$scratch/dpkg.log" 2>&1 ||
  fail "dpkg -r failed: $(cat "$scratch/dpkg.log")"
left=$(find "$root" -path "$root/var" -prune -o -type f -print)
[ -z "$left" ] && pass "dpkg -r removed every file" || fail "dpkg -r left: $left"

# --- 5. make install and make uninstall ----------------------------------------------------
echo "== make install DESTDIR=… PREFIX=/usr/local"
dest="$scratch/dest"
# A folder that was there before install (as /usr/local/bin is), which uninstall must leave.
mkdir -p "$dest/usr/local/bin"
make --no-print-directory install DESTDIR="$dest" PREFIX=/usr/local > "$scratch/install.log" 2>&1 ||
  fail "make install failed: $(cat "$scratch/install.log")"
{
  expected_files /usr/local cheonjiin.1 /usr/local/share/zsh/site-functions
  echo /usr/local/share/cheonjiin/install-manifest
} | LC_ALL=C sort > "$scratch/expected-install"
(cd "$dest" && find . -type f -printf '/%P\n' | LC_ALL=C sort) > "$scratch/actual-install"
diff -u "$scratch/expected-install" "$scratch/actual-install" > "$scratch/install.diff" &&
  pass "make install: the same files under /usr/local" ||
  { fail "make install put other files:"; cat "$scratch/install.diff" >&2; }
# The manifest names each file as installed (not under DESTDIR) with the SHA-256 it has there,
# and the folders install made, not /usr/local/bin, which was there.
manifest="$dest/usr/local/share/cheonjiin/install-manifest"
awk '$1 == "file" { print $3 }' "$manifest" | LC_ALL=C sort |
  diff -u <(grep -v /install-manifest "$scratch/expected-install") - > "$scratch/install.diff" &&
  awk '$1 == "file" { print $2 "  '"$dest"'" $3 }' "$manifest" | sha256sum --check --quiet &&
  pass "the install manifest names every file install wrote, with its SHA-256" ||
  { fail "the install manifest does not name what install wrote:"; cat "$scratch/install.diff" >&2; }
grep -qx 'folder /usr/local/share/cheonjiin' "$manifest" &&
  ! grep -qx 'folder /usr/local/bin' "$manifest" &&
  pass "the install manifest names the folders install made, not /usr/local/bin" ||
  fail "the install manifest's folders: $(grep '^folder' "$manifest")"
check_installed_program "$dest" usr/local/bin/cheonjiin /usr/local/share/cheonjiin
search_path zsh | grep -qx /usr/local/share/zsh/site-functions &&
  pass "zsh looks in /usr/local/share/zsh/site-functions" ||
  fail "zsh does not look in /usr/local/share/zsh/site-functions"
make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr/local > "$scratch/install.log" \
  2>&1 ||
  fail "make uninstall failed: $(cat "$scratch/install.log")"
left=$(find "$dest" -mindepth 1 -not -path "$dest/usr" -not -path "$dest/usr/local" \
  -not -path "$dest/usr/local/bin")
[ -z "$left" ] && [ -d "$dest/usr/local/bin" ] &&
  pass "make uninstall removed every file and the folders install made, and no other" ||
  fail "make uninstall left: ${left:-nothing, but removed usr/local/bin, which was there before}"

if [ "$problems" -gt 0 ]; then
  echo "cheonjiin: check-deb: $problems problem(s)" >&2
  cat "$scratch/lintian" >&2
  exit 1
fi
echo "cheonjiin: $(basename "$deb") passed every check"
