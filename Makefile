# Thin wrappers over `swift`; see README.md.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN = .build/release/cheonjiin

# What the end-to-end tests drive: tmux, the pty harness (python3), a UTF-8 locale, and groff,
# which renders the manual page (ManPageTests).
TEST_PACKAGES = tmux python3 locales groff-base

.PHONY: all build build-check deps test-deps run test bench fuzz fuzz-ci install uninstall format lint clean

all: build

deps:
	@Scripts/install-deps.sh

test-deps:
	@Scripts/install-deps.sh $(TEST_PACKAGES)

build: deps
	$(SWIFT) build -c release --product cheonjiin --static-swift-stdlib

# The release build, failing on any compiler warning in Sources/ (what CI runs).
build-check: deps
	@Scripts/build-check.sh

run: build
	@$(RELEASE_BIN) $(ARGS)

test: test-deps
	$(SWIFT) test

bench: deps
	Scripts/bench.sh

fuzz: test-deps
	CHEONJIIN_FUZZ_ITERATIONS=$${ITERATIONS:-1000000} $(SWIFT) test -c release --filter PropertyTests

# What CI runs: the same properties with a fixed, smaller budget (about two minutes).
fuzz-ci:
	$(MAKE) fuzz ITERATIONS=100000

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/cheonjiin/layouts
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/cheonjiin
	install -m 644 Layouts/*.json $(DESTDIR)$(PREFIX)/share/cheonjiin/layouts/
	install -d $(DESTDIR)$(PREFIX)/share/cheonjiin/keymaps
	install -m 644 Keymaps/*.json $(DESTDIR)$(PREFIX)/share/cheonjiin/keymaps/
	@if [ -d Lexicon ]; then \
	  install -d $(DESTDIR)$(PREFIX)/share/cheonjiin/lexicon && \
	  install -m 644 Lexicon/*.tsv Lexicon/*.txt Lexicon/NOTICE $(DESTDIR)$(PREFIX)/share/cheonjiin/lexicon/; fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/cheonjiin
	rm -rf $(DESTDIR)$(PREFIX)/share/cheonjiin

format:
	$(SWIFT) format --in-place --recursive Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests

clean:
	rm -rf .build
