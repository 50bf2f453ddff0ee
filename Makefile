# GuestCraft Terminal. `make run` opens the app on the demo hotel; `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= debug
# Release builds link the Swift runtime and Foundation statically: 10 ms less start-up and 6 MiB
# less memory than the shared libraries (docs/performance.md).
# They are laid out for the start (#18, docs/startup.md): every function in a section of its own,
# linked by the toolchain's lld in the order of packaging/startup.order (the functions the start
# runs, first to last, written by Benchmarks/startup_order.sh), so the pages the first frame
# touches are few and together; relative relocations packed (DT_RELR), so the loader reads 16 KB
# of them instead of a 2 MB table. A name the order file lists that no longer exists is skipped.
STARTUP_ORDER := packaging/startup.order
# Concrete generic types (a dictionary keyed by a type of ours) get their metadata through their
# accessors, not by demangling a name at run time: a name's generic requirements are checked by a
# scan of every conformance record of the static binary, once per type (#18).
# The C++ library under the Swift runtime is linked statically too (libstdc++.a found before the
# shared one through a folder of its own): loading and relocating libstdc++.so.6 took 0.7 ms of
# every start, `--version` 4.1 → 3.4 ms (#18, docs/performance.md). Without libstdc++.a (no
# libstdc++-dev) the folder stays empty and the shared library is used as before.
STATIC_CXX_DIR := $(CURDIR)/.build/static-c++
# No exported symbols (`--no-export-dynamic`, against the static runtime's `-export-dynamic`):
# the executable offered its 10,800 Swift symbols to every library's symbol lookups while the
# loader relocated them, and the runtime's `dladdr` at start (the backtracer's path) walked them
# all — 1.1 M instructions before `main` (#18). packaging/sections.ld keeps .data after .rodata,
# where lld had put it (ProcessMemory.populateProgramData faults in from .data to the end).
SECTIONS_SCRIPT := packaging/sections.ld
# No RUNPATH (`--disable-local-rpath`): nothing is loaded from beside the binary (the Swift runtime
# is linked in), and `$ORIGIN` made the loader look for libsqlite3 in 19 places under it
# (glibc-hwcaps, tls, haswell…) and for each other library once, all missing, before /lib (#18).
RELEASE_FLAGS ?= --disable-local-rpath -Xswiftc -L -Xswiftc $(STATIC_CXX_DIR) --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --no-export-dynamic -Xlinker -T -Xlinker $(CURDIR)/$(SECTIONS_SCRIPT) \
  -Xlinker --symbol-ordering-file=$(CURDIR)/$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering

# Debian packages the build, the tests and the benchmarks need.
BUILD_PKGS := pkg-config libncurses-dev libsqlite3-dev libcurl4-openssl-dev libmicrohttpd-dev libsodium-dev
BUILD_PKGS += libvips-dev
# The man pages `make release` writes for `make install` (which never builds).
BUILD_PKGS += scdoc
TEST_PKGS  := tmux sqlite3 python3 curl openssl gzip iproute2 ncurses-term
# Photos (#14): the tests make fixtures with the vips command line and read metadata with exiftool.
TEST_PKGS  += libvips-tools libimage-exiftool-perl
# The real network path (#16): Debian's nginx as a reverse proxy (TLS, HTTP/2, gzip) in front of
# the demo, for ReverseProxyFlowTests, ReverseProxyTests and Benchmarks/proxy_refresh.sh.
TEST_PKGS  += nginx-light
BENCH_PKGS := hyperfine python3-pyte valgrind time mc tig
# Installing and the .deb (#17): man pages, the package's tools and its checks.
PKG_PKGS   := scdoc dpkg-dev binutils lintian man-db bash-completion systemd
DEB_PKGS   := $(BUILD_PKGS) $(TEST_PKGS) $(BENCH_PKGS) $(PKG_PKGS)

.PHONY: deps deps-build deps-bench build release run test test-package hooks unit-test e2e test-asan test-tsan bench start-guard clean stamp man install uninstall deb

## deps: install every missing Debian package (as root), or print the command to do it.
## deps-build: only what building and running need (`make run`, `make release`).
deps: PACKAGES = $(DEB_PKGS)
deps-build: PACKAGES = $(BUILD_PKGS)
deps-bench: PACKAGES = $(BUILD_PKGS) $(TEST_PKGS) $(BENCH_PKGS)
deps deps-build deps-bench:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = "0" ]; then \
	  echo "installing:$$missing"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else \
	  echo "missing Debian packages:$$missing"; \
	  echo "run: sudo apt-get update && sudo apt-get install -y$$missing"; \
	  exit 1; \
	fi

build: deps stamp
	$(SWIFT) build -c $(CONFIG)

release: deps-build stamp
	@# The order file is an input SwiftPM does not know of: a newer one relinks the app.
	@find .build/release/ -maxdepth 1 -name guestcraft ! -newer $(STARTUP_ORDER) -delete 2>/dev/null || true
	@mkdir -p $(STATIC_CXX_DIR); rm -f $(STATIC_CXX_DIR)/libstdc++.a; \
	  a="$$($${CXX:-g++} -print-file-name=libstdc++.a 2>/dev/null || $${CC:-cc} -print-file-name=libstdc++.a)"; \
	  if [ -f "$$a" ]; then ln -s "$$a" $(STATIC_CXX_DIR)/libstdc++.a; else echo "no libstdc++.a: the release links libstdc++.so.6"; fi
	@# The products only: the test-support targets (AppHarness imports LiveClients @testable)
	@# are built for tests, never for release.
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product guestcraft
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product guestcraft-demo
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product guestcraft-photo
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product guestcraft-bench
	@$(MAKE) --no-print-directory man

## run: the app on the embedded demo hotel.
run: release
	.build/release/guestcraft --demo

## test: unit, integration and whole-program tests (swift test: the app in process,
## Tests/AppFlowTests), then the few scripts that need a real terminal (tmux) or a process.
test: deps stamp
	$(SWIFT) build
	$(SWIFT) test
	$(MAKE) e2e

## test-package: the release build installed and packaged as Debian does (make install, make deb,
## lintian, dpkg -i, the timer's units, purge): Tests/e2e/install_deb.sh. Not in `make test`: a
## release build from nothing is three minutes of it on two cores; .ci/run runs it.
test-package: deps stamp
	bash Tests/e2e/install_deb.sh .build/debug

## hooks: this clone's commit-msg hook checks each message as CI does (Tests/commit_messages.sh).
hooks:
	git config core.hooksPath .githooks

## Every script runs even after one fails, so one run names every failure; the target fails if any did.
e2e:
	@failed=""; for t in Tests/e2e/*.sh; do \
	  [ -e "$$t" ] && [ "$$(basename $$t)" != lib.sh ] && [ "$$(basename $$t)" != install_deb.sh ] || continue; \
	  echo "== $$t"; bash "$$t" .build/debug || failed="$$failed $$(basename $$t)"; \
	done; \
	if [ -n "$$failed" ]; then echo "e2e failed:$$failed"; exit 1; fi

## test-asan, test-tsan: the whole `swift test` suite under AddressSanitizer (with LeakSanitizer) or
## ThreadSanitizer, each in a build folder of its own. Suppressions, each with its reason, are in
## Tests/Sanitizers/ (docs/decisions/0059-sanitizers-over-the-suite-what-they-found.md).
## The e2e scripts are not run: they drive the debug build.
SANITIZER_DIR := $(CURDIR)/Tests/Sanitizers
test-asan: deps stamp
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=suppressions=$(SANITIZER_DIR)/asan.supp:detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(SANITIZER_DIR)/lsan.supp \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

test-tsan: deps stamp
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=suppressions=$(SANITIZER_DIR)/tsan.supp:halt_on_error=0 \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

## bench: figures for docs/performance.md (printed; times are never asserted). The one check is
## the start's guard: instructions to the first frame against docs/startup.md's budget (#32);
## a script that fails is named at the end, after the summary table (Benchmarks/lib/summary.py).
bench: deps-bench release
	@log="$$(mktemp /tmp/guestcraft-bench-log.XXXXXX)"; failed=""; \
	for b in Benchmarks/*.sh; do \
	  [ -e "$$b" ] || continue; \
	  echo "== $$b" | tee -a "$$log"; bash "$$b" .build/release 2>&1 | tee -a "$$log"; \
	  [ "$${PIPESTATUS[0]}" = 0 ] || failed="$$failed $$b"; \
	done; \
	python3 Benchmarks/lib/summary.py "$$log"; rm -f "$$log"; \
	[ -z "$$failed" ] || { echo "failed:$$failed" >&2; exit 1; }

## start-guard: the start's instructions (callgrind, to the first frame and for --version)
## against their budget in docs/startup.md; fails above it (#32).
start-guard: deps-bench release
	bash Benchmarks/startup_callgrind.sh .build/release

clean:
	$(SWIFT) package clean

## ---- Installing like a Debian program (#17): stamp, man, install, uninstall, deb -------------
PREFIX    ?= /usr/local
DESTDIR   ?=
# The binaries `install` copies; a test installs the debug build with BUILD_DIR=.build/debug.
BUILD_DIR ?= .build/release
VERSION   := $(shell sed -n 's/.*thisApp = SemanticVersion(\([0-9]*\), \([0-9]*\), \([0-9]*\)).*/\1.\2.\3/p' Sources/ClientModel/SemanticVersion.swift)
# The man pages' date: the changelog's, so a page built twice is the same page.
SOURCE_DATE_EPOCH ?= $(shell dpkg-parsechangelog -l packaging/debian/changelog -STimestamp 2>/dev/null)
export SOURCE_DATE_EPOCH
STAMP     := Sources/guestcraft/BuildStamp+Commit.swift
MAN_PAGES := .build/man/guestcraft.1 .build/man/guestcraft-demo.1
# Where each kind of file goes; the program finds ../share/guestcraft and ../lib/guestcraft itself.
BINDIR    := $(PREFIX)/bin
HELPERDIR := $(PREFIX)/lib/guestcraft
DATADIR   := $(PREFIX)/share/guestcraft
MAN1DIR   := $(PREFIX)/share/man/man1
BASHCOMP  := $(PREFIX)/share/bash-completion/completions
USERUNITS := $(PREFIX)/lib/systemd/user
# The network hooks go where the dispatchers look: /usr/lib for a package (PREFIX=/usr), /etc
# for any other PREFIX (neither looks under /usr/local).
HOOKROOT  := $(if $(filter /usr,$(PREFIX)),/usr/lib,/etc)
NM_HOOK   := $(HOOKROOT)/NetworkManager/dispatcher.d/90-guestcraft-send
NWD_HOOK  := $(HOOKROOT)/networkd-dispatcher/routable.d/guestcraft-send
INSTALLED := $(BINDIR)/guestcraft $(BINDIR)/guestcraft-demo $(HELPERDIR)/guestcraft-photo \
             $(DATADIR)/en.json $(DATADIR)/themes.json $(MAN1DIR)/guestcraft.1 $(MAN1DIR)/guestcraft-demo.1 \
             $(BASHCOMP)/guestcraft $(BASHCOMP)/guestcraft-demo \
             $(USERUNITS)/guestcraft-send.service $(USERUNITS)/guestcraft-send.timer $(NM_HOOK) $(NWD_HOOK)

## stamp: the commit `guestcraft --version` prints, in a file git ignores, rewritten only when it
## changes (so a build is not made dirty). GUESTCRAFT_COMMIT gives it where there is no git.
stamp:
	@commit="$${GUESTCRAFT_COMMIT:-}"; \
	if [ -z "$$commit" ] && commit="$$(git rev-parse --short=12 HEAD 2>/dev/null)"; then \
	  [ -z "$$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$$commit-dirty"; \
	fi; \
	case "$$commit" in *[!A-Za-z0-9._+-]*) echo "GUESTCRAFT_COMMIT: letters, digits and . _ + - only" >&2; exit 1;; esac; \
	if [ -z "$$commit" ]; then rm -f '$(STAMP)'; exit 0; fi; \
	text="$$(printf '%s\n' '// Written by `make stamp` (ignored by git): the commit `guestcraft --version` prints.' \
	  'extension BuildStamp: CommitStamped {' "    static let stampedCommit = \"$$commit\"" '}')"; \
	[ "$$(cat '$(STAMP)' 2>/dev/null)" = "$$text" ] || printf '%s\n' "$$text" > '$(STAMP)'

## man: the manual pages, from their scdoc sources.
man: $(MAN_PAGES)
.build/man/%.1: docs/man/%.1.scd
	@mkdir -p $(@D)
	scdoc < $< > $@

## install: into $(DESTDIR)$(PREFIX); uninstall removes exactly those files. It never builds
## (`sudo make install` runs as root, where swift is not on the path): `make release` first.
install: man
	@for f in guestcraft guestcraft-demo guestcraft-photo; do \
	  [ -x "$(BUILD_DIR)/$$f" ] || { echo "$(BUILD_DIR)/$$f is not built: run make release first (make install never builds)" >&2; exit 1; }; \
	done
	install -d $(addprefix $(DESTDIR),$(BINDIR) $(HELPERDIR) $(DATADIR) $(MAN1DIR) $(BASHCOMP) $(USERUNITS) \
	  $(dir $(NM_HOOK)) $(dir $(NWD_HOOK)))
	install -m 0755 $(BUILD_DIR)/guestcraft $(BUILD_DIR)/guestcraft-demo $(DESTDIR)$(BINDIR)/
	install -m 0755 $(BUILD_DIR)/guestcraft-photo $(DESTDIR)$(HELPERDIR)/
	install -m 0644 Resources/en.json Resources/themes.json $(DESTDIR)$(DATADIR)/
	install -m 0644 $(MAN_PAGES) $(DESTDIR)$(MAN1DIR)/
	install -m 0644 packaging/bash-completion/guestcraft packaging/bash-completion/guestcraft-demo $(DESTDIR)$(BASHCOMP)/
	sed 's|@BINDIR@|$(BINDIR)|g' packaging/systemd/guestcraft-send.service.in > $(DESTDIR)$(USERUNITS)/guestcraft-send.service
	chmod 0644 $(DESTDIR)$(USERUNITS)/guestcraft-send.service
	install -m 0644 packaging/systemd/guestcraft-send.timer $(DESTDIR)$(USERUNITS)/
	install -m 0755 packaging/network/guestcraft-send-online $(DESTDIR)$(NM_HOOK)
	install -m 0755 packaging/network/guestcraft-send-online $(DESTDIR)$(NWD_HOOK)

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(HELPERDIR) $(DESTDIR)$(DATADIR) 2>/dev/null

## deb: .build/guestcraft_<version>_<arch>.deb and guestcraft-demo_…, from the release build, with
## dpkg's own tools. The demo server is a package of its own
## (docs/decisions/0054-installed-like-a-debian-program.md).
DEB_ARCH     := $(shell dpkg --print-architecture 2>/dev/null)
DEB_PACKAGES := guestcraft guestcraft-demo
DEBS         := $(foreach p,$(DEB_PACKAGES),.build/$(p)_$(VERSION)_$(DEB_ARCH).deb)
DEB_WORK     := .build/deb
# Each package's programs (stripped, and read by dpkg-shlibdeps) and the files moved to the demo's.
DEB_ELF_guestcraft      := usr/bin/guestcraft usr/lib/guestcraft/guestcraft-photo
DEB_ELF_guestcraft-demo := usr/bin/guestcraft-demo
DEB_DEMO_FILES := usr/bin/guestcraft-demo usr/share/man/man1/guestcraft-demo.1.gz \
                  usr/share/bash-completion/completions/guestcraft-demo
deb: deps release man
	@changelog="$$(dpkg-parsechangelog -l packaging/debian/changelog -SVersion)"; \
	[ "$$changelog" = "$(VERSION)" ] || { echo "packaging/debian/changelog is at $$changelog, the app at $(VERSION)" >&2; exit 1; }
	rm -rf $(DEB_WORK) $(DEBS) && mkdir -p $(DEB_WORK)/debian
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_WORK)/guestcraft PREFIX=/usr BUILD_DIR=$(BUILD_DIR)
	gzip -9n $(DEB_WORK)/guestcraft/usr/share/man/man1/*.1
	cd $(DEB_WORK) && for f in $(DEB_DEMO_FILES); do install -d guestcraft-demo/$${f%/*} && mv guestcraft/$$f guestcraft-demo/$$f; done
	cp packaging/debian/control packaging/debian/changelog $(DEB_WORK)/debian/
	set -e; cd $(DEB_WORK); $(foreach p,$(DEB_PACKAGES), \
	  strip --strip-unneeded --remove-section=.comment --remove-section=.note $(addprefix $(p)/,$(DEB_ELF_$(p))); \
	  install -d $(p)/DEBIAN $(p)/usr/share/doc/$(p); \
	  install -m 0644 $(CURDIR)/packaging/debian/copyright $(p)/usr/share/doc/$(p)/; \
	  gzip -9nc debian/changelog > $(p)/usr/share/doc/$(p)/changelog.gz; \
	  dpkg-shlibdeps -Tdebian/$(p).substvars $(addprefix $(p)/,$(DEB_ELF_$(p))); \
	  dpkg-gencontrol -p$(p) -P$(p) -Tdebian/$(p).substvars; \
	  (cd $(p) && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums); \
	  dpkg-deb --root-owner-group -Zxz --build $(p) $(CURDIR)/.build/$(p)_$(VERSION)_$(DEB_ARCH).deb;)

## ---- Fuzzing (#16, docs/fuzzing.md): fuzz-build, fuzz, fuzz-merge ----------------------------------
# libFuzzer and AddressSanitizer come with the toolchain (libclang_rt.fuzzer); nothing else is needed.
# The fuzz binary is built into its own scratch path, so the normal .build is untouched.
FUZZ_SCRATCH ?= .build/fuzz
FUZZ_CONFIG  ?= release
FUZZ_BIN     := $(FUZZ_SCRATCH)/$(FUZZ_CONFIG)/guestcraft-fuzz
FUZZ_TARGETS ?= json rooms problem retry-after address pairing input text files demo
FUZZ_SECONDS ?= 180
FUZZ_FLAGS   ?=
FUZZ_CORPUS  := Tests/Fuzz/Corpus
FUZZ_FINDINGS ?= .build/fuzz-findings
# Swift's own backtracer would hold a crashing input for seconds; libFuzzer reports it instead.
FUZZ_ENV     := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1

.PHONY: fuzz-build fuzz fuzz-merge

## fuzz-build: guestcraft-fuzz with libFuzzer and AddressSanitizer.
fuzz-build: deps
	set -o pipefail; $(SWIFT) build -c $(FUZZ_CONFIG) --product guestcraft-fuzz --scratch-path $(FUZZ_SCRATCH) \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DGUESTCRAFT_FUZZ \
	  -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver 2>&1 | grep -v "Cannot export local symbol '__asan"; \
	  test -x $(FUZZ_BIN)

## fuzz: each of FUZZ_TARGETS for FUZZ_SECONDS over its corpus (new inputs go to FUZZ_FINDINGS, not
## the repository); prints executions per second, coverage and corpus size for each.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_FINDINGS); status=0; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_FINDINGS)/$$t; log=$(FUZZ_FINDINGS)/$$t.log; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_ENV) GUESTCRAFT_FUZZ_TARGET=$$t $(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_FINDINGS)/$$t- $(FUZZ_FLAGS) $(FUZZ_FINDINGS)/$$t $(FUZZ_CORPUS)/$$t > $$log 2>&1; \
	  rc=$$?; \
	  last=$$(grep -E '^#[0-9]+' $$log | tail -1); \
	  echo "   $$last"; \
	  grep -E 'stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' $$log | sed 's/^/   /'; \
	  if [ $$rc != 0 ]; then status=1; echo "   FAILED ($$rc): $$(ls $(FUZZ_FINDINGS)/$$t-* 2>/dev/null | head -3)"; \
	    grep -m5 -E 'guestcraft-fuzz|ERROR|Fatal error' $$log | sed 's/^/   /'; fi; \
	done; exit $$status

## fuzz-merge: fold what the fuzzers found into the kept corpora, keeping only inputs that add coverage
## (edges, not hit counts: -use_counters=0 keeps every covered edge in a tenth of the files).
fuzz-merge: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_FINDINGS)/$$t $(FUZZ_CORPUS)/$$t; rm -rf $(FUZZ_CORPUS).new/$$t; mkdir -p $(FUZZ_CORPUS).new/$$t; \
	  $(FUZZ_ENV) GUESTCRAFT_FUZZ_TARGET=$$t $(FUZZ_BIN) -merge=1 -use_counters=0 -max_len=8192 \
	    $(FUZZ_CORPUS).new/$$t $(FUZZ_CORPUS)/$$t $(FUZZ_FINDINGS)/$$t > $(FUZZ_FINDINGS)/$$t.merge.log 2>&1 || exit 1; \
	  rm -rf $(FUZZ_CORPUS)/$$t; mv $(FUZZ_CORPUS).new/$$t $(FUZZ_CORPUS)/$$t; \
	  echo "$$t: $$(ls $(FUZZ_CORPUS)/$$t | wc -l) files, $$(du -sb $(FUZZ_CORPUS)/$$t | cut -f1) bytes"; \
	done; rmdir $(FUZZ_CORPUS).new 2>/dev/null || true
