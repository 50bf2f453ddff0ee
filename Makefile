# GuestCraft Terminal. `make run` opens the app on the demo hotel; `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= debug
# Release builds link the Swift runtime and Foundation statically: 10 ms less start-up and 6 MiB
# less memory than the shared libraries (docs/performance.md).
RELEASE_FLAGS ?= --static-swift-stdlib

# Debian packages the build, the tests and the benchmarks need.
BUILD_PKGS := pkg-config libncurses-dev libsqlite3-dev libcurl4-openssl-dev libmicrohttpd-dev libsodium-dev
BUILD_PKGS += libvips-dev
TEST_PKGS  := tmux sqlite3 python3 curl openssl gzip iproute2 ncurses-term
# Photos (#14): the tests make fixtures with the vips command line and read metadata with exiftool.
TEST_PKGS  += libvips-tools libimage-exiftool-perl
BENCH_PKGS := hyperfine python3-pyte valgrind time mc tig
DEB_PKGS   := $(BUILD_PKGS) $(TEST_PKGS) $(BENCH_PKGS)

.PHONY: deps build release run test unit-test e2e bench clean

## deps: install every missing Debian package (as root), or print the command to do it.
deps:
	@missing=""; for p in $(DEB_PKGS); do \
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

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)

## run: the app on the embedded demo hotel.
run: release
	.build/release/guestcraft --demo

## test: unit and integration tests (swift test), then the end-to-end tests in tmux.
test: deps
	$(SWIFT) build
	$(SWIFT) test
	$(MAKE) e2e

e2e:
	@for t in Tests/e2e/*.sh; do \
	  [ -e "$$t" ] && [ "$$(basename $$t)" != lib.sh ] || continue; \
	  echo "== $$t"; bash "$$t" .build/debug || exit 1; \
	done

## bench: figures for docs/performance.md (printed, never asserted).
bench: release
	@for b in Benchmarks/*.sh; do \
	  [ -e "$$b" ] || continue; \
	  echo "== $$b"; bash "$$b" .build/release || exit 1; \
	done

clean:
	$(SWIFT) package clean
