# Thin wrappers over `swift`; see README.md.
VERSION := $(shell cat VERSION)
PREFIX ?= /usr/local
SWIFT ?= swift
STRIP ?= strip

# Flags of every build and test run. SwiftPM adds -color-diagnostics to each compile command when
# its output is a terminal and not otherwise, so a build in a terminal after one into a log (or
# the other way) compiled everything again; without colour the commands are the same both ways.
SWIFT_BUILD_FLAGS = --no-color-diagnostics

# Every swift command runs with TMPDIR (and tmux's TMUX_TMPDIR) in a folder of its own, removed
# after it, and one at a time in a clone (Scripts/scratch-tmpdir.sh): what the compiler,
# SwiftPM (its lock files) and the tests leave in temporary files is gone after the run, and
# nothing in /tmp outlives a build as root to stand in the way of a later build as a user.
IN_SCRATCH = Scripts/scratch-tmpdir.sh

# The release build: the Swift runtime linked in; no RUNPATH ($ORIGIN), which nothing needs with
# a static runtime and a Debian package must not have (lintian: custom-library-search-path); and
# symbols bound at start-up (-z now, as Debian's hardening asks: lintian hardening-no-bindnow).
# Linked by the toolchain's lld, not gold: the static Foundation's createTemporaryFile (atomic
# file writes) calls mktemp, and gold repeated glibc's link-time warning about it on every
# build ("the use of `mktemp' is dangerous"); lld reads no such warning sections.
# build-check builds with the same flags, so that CI's release build is the one packaged.
RELEASE_FLAGS = -c release --product cheonjiin --static-swift-stdlib --disable-local-rpath \
  -Xlinker -z -Xlinker now -Xswiftc -use-ld=lld $(SWIFT_BUILD_FLAGS)
RELEASE_BIN = .build/release/cheonjiin

# Made by `make build` for `make install`: the binary without its symbols, the manual page with
# its version, and the completion scripts the binary writes (swift-argument-parser).
GENERATED = .build/generated
STRIPPED_BIN = $(GENERATED)/cheonjiin
MAN_PAGE = $(GENERATED)/cheonjiin.1
COMPLETIONS = $(GENERATED)/cheonjiin.bash $(GENERATED)/_cheonjiin $(GENERATED)/cheonjiin.fish

# What the program reads at run time (SuggestionSetup, PracticeCommand) and the word list's
# licence; not the benchmark's messages or the lexicon's README.
LEXICON_FILES = Lexicon/ko-words.tsv Lexicon/ko-forms.tsv Lexicon/ko-next.tsv \
  Lexicon/everyday-ko.tsv Lexicon/practice-words-ko.txt Lexicon/practice-messages-ko.txt \
  Lexicon/practice-blocked-ko.txt Lexicon/NOTICE

# Where `make install` puts things: PREFIX as the shells and man look for them, under DESTDIR.
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/cheonjiin
MAN1DIR = $(PREFIX)/share/man/man1
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d
# What install wrote, for uninstall to remove: only that (packaging/install.sh).
MANIFEST = $(DATADIR)/install-manifest

# What install writes: MODE SOURCE TARGET, each file.
INSTALL_FILES = 755 $(STRIPPED_BIN) $(BINDIR)/cheonjiin \
  $(foreach file,$(wildcard Layouts/*.json),644 $(file) $(DATADIR)/layouts/$(notdir $(file))) \
  $(foreach file,$(wildcard Keymaps/*.json),644 $(file) $(DATADIR)/keymaps/$(notdir $(file))) \
  $(foreach file,$(LEXICON_FILES),644 $(file) $(DATADIR)/lexicon/$(notdir $(file))) \
  644 $(MAN_PAGE) $(MAN1DIR)/cheonjiin.1 \
  644 $(GENERATED)/cheonjiin.bash $(BASH_COMPLETIONS)/cheonjiin \
  644 $(GENERATED)/_cheonjiin $(ZSH_COMPLETIONS)/_cheonjiin \
  644 $(GENERATED)/cheonjiin.fish $(FISH_COMPLETIONS)/cheonjiin.fish

# What the end-to-end tests drive: tmux, the pty harness (python3), a UTF-8 locale, groff,
# which renders the manual page (ManPageTests), vim (typed into through `cheonjiin run`) and
# asciinema, which plays the `demo --cast` recording in tmux (80 KB; Python, as python3 is here),
# and dialog, htop and mc, clicked in through `cheonjiin run` (RunFidelityEndToEndTests).
# The real-terminal rig (RealTerminalHoldTests, ContrastTests): an X server (Xvfb), xterm,
# xdotool for key presses, xset for the key repeat, the fonts xterm draws with (DejaVu Sans
# Mono, Nanum for Hangul), ImageMagick's import for screenshots, and kitty, which reports key
# releases (RealKittyHoldTests).
TEST_PACKAGES = tmux python3 locales groff-base vim asciinema dialog htop mc \
  xvfb xterm xdotool x11-xserver-utils fonts-dejavu-core fonts-nanum imagemagick kitty

# What `make test-browser` adds: Chromium, which plays the `demo --html` page headless. Not in
# TEST_PACKAGES: it is 124 MB to download and 350 MB installed (26 packages), too much to ask of
# everyone who runs `make test`; CI runs it as a step of its own (about 15 s to install here).
BROWSER_PACKAGES = chromium

# What `make deb` needs besides the build's packages (dpkg-shlibdeps, dpkg-parsechangelog), and
# what `make deb-check` adds: lintian, groff for the manual page, zsh and fish for their
# completion files.
DEB_PACKAGES = dpkg-dev
DEB_CHECK_PACKAGES = lintian groff-base zsh fish

.PHONY: all build build-check deps test-deps browser-deps run test test-browser bench fuzz \
  fuzz-ci install uninstall deb deb-check format lint clean

all: build

deps:
	@Scripts/install-deps.sh

test-deps:
	@Scripts/install-deps.sh $(TEST_PACKAGES)

build: deps
	$(IN_SCRATCH) $(SWIFT) build $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory $(STRIPPED_BIN) $(MAN_PAGE) $(COMPLETIONS)

# The release build and the tests' build (what CI runs). Package.swift makes every compiler
# warning in Sources/ and Tests/ an error, so either build fails on one.
build-check: deps
	$(IN_SCRATCH) sh -c '$(SWIFT) build $(RELEASE_FLAGS) && \
	  $(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests'

# `sudo make install` must not build: SwiftPM run as root rewrites files in .build that the next
# `make` could then not write. install takes what `make` built, and says so when nothing is.
$(RELEASE_BIN):
	@echo "cheonjiin: $(RELEASE_BIN) is not built; run make first (as yourself), then make install" >&2
	@exit 1

$(STRIPPED_BIN): $(RELEASE_BIN)
	@mkdir -p $(GENERATED)
	$(STRIP) --remove-section=.comment --remove-section=.note -o $@.tmp $(RELEASE_BIN) && mv $@.tmp $@

$(MAN_PAGE): docs/cheonjiin.1 VERSION
	@mkdir -p $(GENERATED)
	sed 's/@VERSION@/$(VERSION)/g' docs/cheonjiin.1 > $@.tmp && mv $@.tmp $@

# bash reads a completion file, it does not run it: no #! line (lintian:
# bash-completion-with-hashbang).
$(GENERATED)/cheonjiin.bash: $(RELEASE_BIN)
	@mkdir -p $(GENERATED)
	$(RELEASE_BIN) --generate-completion-script bash | sed '1{/^#!/d}' > $@.tmp && mv $@.tmp $@

$(GENERATED)/_cheonjiin: $(RELEASE_BIN)
	@mkdir -p $(GENERATED)
	$(RELEASE_BIN) --generate-completion-script zsh > $@.tmp && mv $@.tmp $@

$(GENERATED)/cheonjiin.fish: $(RELEASE_BIN)
	@mkdir -p $(GENERATED)
	$(RELEASE_BIN) --generate-completion-script fish > $@.tmp && mv $@.tmp $@

run: build
	@$(RELEASE_BIN) $(ARGS)

# The build, then the tests in passes (Scripts/test-passes.sh): the end-to-end suites in several
# processes beside the others, then the real-terminal holds beside the scaling tests,
# which run at the lowest priority. A failed test runs once more alone and must pass then; the end
# of the output names every failure, and each pass says how long it took, for CI's log.
# With CHEONJIIN_BROWSER_TESTS=1 (as .ci/run sets it) Chromium is installed first and the
# page's tests must run in it, as under test-browser.
test: test-deps $(if $(filter 1,$(CHEONJIIN_BROWSER_TESTS)),browser-deps)
	$(IN_SCRATCH) env SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" \
	  Scripts/test-passes.sh

# The `demo --html` page in headless Chromium (DemoRecordingEndToEndTests, and trying the pad,
# its sizes and contrast: DemoPageTryEndToEndTests, DemoPageLookEndToEndTests): `make test` runs
# these tests only where Chromium happens to be installed; here they must run.
test-browser: test-deps browser-deps
	CHEONJIIN_BROWSER_TESTS=1 $(IN_SCRATCH) $(SWIFT) test $(SWIFT_BUILD_FLAGS) \
	  --filter 'DemoRecordingEndToEndTests|DemoPageTryEndToEndTests|DemoPageLookEndToEndTests'

browser-deps:
	@Scripts/install-deps.sh $(BROWSER_PACKAGES)

bench: deps
	Scripts/bench.sh

fuzz: test-deps
	CHEONJIIN_FUZZ_ITERATIONS=$${ITERATIONS:-1000000} $(IN_SCRATCH) $(SWIFT) test \
	  $(SWIFT_BUILD_FLAGS) -c release --filter PropertyTests

# What CI runs: the same properties with a fixed, smaller budget, on the debug build `make test`
# just made (about a minute; a release build of the tests alone took five).
fuzz-ci: test-deps
	CHEONJIIN_FUZZ_ITERATIONS=20000 $(IN_SCRATCH) $(SWIFT) test $(SWIFT_BUILD_FLAGS) \
	  --filter PropertyTests

# The stripped binary, its data, the manual page and the completions, and the manifest of what
# it wrote; uninstall removes only what the manifest names, as install wrote it, and the folders
# install made that are then empty (packaging/install.sh). With PREFIX=~/.local the data folder
# is also the program's, which holds the user's progress: it stays. InstallTests and
# Scripts/check-deb.sh check both.
install: $(STRIPPED_BIN) $(MAN_PAGE) $(COMPLETIONS)
	@packaging/install.sh install "$(DESTDIR)" $(MANIFEST) $(INSTALL_FILES)

uninstall:
	@packaging/install.sh uninstall "$(DESTDIR)" $(MANIFEST) $(INSTALL_FILES)

# cheonjiin_<version>_<arch>.deb in this folder (Scripts/make-deb.sh).
deb: build
	@Scripts/install-deps.sh $(DEB_PACKAGES)
	@Scripts/make-deb.sh

# Builds the package, then checks it with dpkg-deb and lintian, installs it into a scratch root
# and runs it there (Scripts/check-deb.sh); also checks make install and make uninstall.
deb-check: deb
	@Scripts/install-deps.sh $(DEB_CHECK_PACKAGES)
	@Scripts/check-deb.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests
	Scripts/check-references.sh
	Scripts/check-file-sizes.sh

clean:
	rm -rf .build
	rm -f cheonjiin_*.deb
