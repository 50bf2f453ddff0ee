#!/usr/bin/env bash
# Installed like a Debian program (#17). `make install` of this build into a temporary DESTDIR;
# with the build folder moved away the installed guestcraft answers --help, --version, status and
# --demo in tmux from its own files (the catalog's sentences, not keys), bash-completion finds its
# completion, and `make uninstall` leaves nothing. Then `make deb`: lintian finds no error, dpkg
# installs it into a scratch root, its man pages render, its programs run, systemd-analyze accepts
# its units, its network hook starts the send for users whose timer is enabled, and purging it
# leaves nothing. `make deb` builds the release when it is not built yet
# (docs/decisions/0054-installed-like-a-debian-program.md), and
# two packages: guestcraft, and guestcraft-demo (the demo server) beside it.
source "$(dirname "$0")/lib.sh" "$1"

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD_FOLDER="$(dirname "$BIN_DIR")"
VERSION="$(sed -n 's/.*thisApp = SemanticVersion(\([0-9]*\), \([0-9]*\), \([0-9]*\)).*/\1.\2.\3/p' "$ROOT/Sources/ClientModel/SemanticVersion.swift")"
# catalog KEY [NAME=VALUE…]: the English sentence with its {NAME} placeholders filled.
catalog() {
  python3 -c 'import json,sys
s = json.load(open(sys.argv[1]))[sys.argv[2]]
for pair in sys.argv[3:]:
    name, value = pair.split("=", 1)
    s = s.replace("{" + name + "}", value)
print(s)' "$ROOT/Resources/en.json" "$@"
}
# The help names the tabs of the registry (six work screens: 1–6, F1–F6).
help_text() { catalog cli.help 'digits=1–6' 'keys=F1–F6'; }
no_keys() { ! grep -qE '\[[a-z_]+\.[a-z_.]+\]' <<<"$1"; }

# ---- make install into a DESTDIR, the build folder away ------------------------------------
DEST="$E2E_TMP/dest"
P="$DEST/usr/local"
# As `sudo make install` runs it: without swift on the path (#35: it built again as root and failed).
env PATH=/usr/sbin:/usr/bin:/sbin:/bin make -s -C "$ROOT" install DESTDIR="$DEST" PREFIX=/usr/local BUILD_DIR="$BIN_DIR" \
  >"$E2E_TMP/install.log" 2>&1 || { cat "$E2E_TMP/install.log" >&2; fail "make install failed"; }
for f in bin/guestcraft bin/guestcraft-demo lib/guestcraft/guestcraft-photo share/guestcraft/en.json \
         share/guestcraft/themes.json share/man/man1/guestcraft.1 share/man/man1/guestcraft-demo.1 \
         share/bash-completion/completions/guestcraft share/bash-completion/completions/guestcraft-demo \
         lib/systemd/user/guestcraft-send.service lib/systemd/user/guestcraft-send.timer; do
  [ -f "$P/$f" ] || fail "make install did not install $f"
done
# The network hooks where the dispatchers look for a /usr/local install (#35: under /usr/local
# neither NetworkManager nor networkd-dispatcher found them).
for f in etc/NetworkManager/dispatcher.d/90-guestcraft-send etc/networkd-dispatcher/routable.d/guestcraft-send; do
  [ -x "$DEST/$f" ] || fail "make install did not put the network hook $f"
done
# A tree not built: install says to run make release and builds nothing.
set +e
env PATH=/usr/sbin:/usr/bin:/sbin:/bin make -s -C "$ROOT" install DESTDIR="$E2E_TMP/none" BUILD_DIR="$E2E_TMP/empty-build" \
  >"$E2E_TMP/install-none.log" 2>&1
NONE_STATUS=$?
set -e
[ "$NONE_STATUS" != 0 ] && grep -qF "run make release first" "$E2E_TMP/install-none.log" \
  || fail "install of an unbuilt tree: $(cat "$E2E_TMP/install-none.log")"
grep -qx 'ExecStart=/usr/local/bin/guestcraft send' "$P/lib/systemd/user/guestcraft-send.service" \
  || fail "the service does not run the installed guestcraft"
pass "make install PREFIX=/usr/local DESTDIR=… without swift on the path installs the programs, catalog, man pages, completion, units and hooks in /etc"

AWAY="$BUILD_FOLDER.away-$$"
restore_build() { if [ -d "$AWAY" ]; then mv "$AWAY" "$BUILD_FOLDER"; fi; }
trap 'status=$?; restore_build; (exit $status); e2e_cleanup' EXIT
mv "$BUILD_FOLDER" "$AWAY"

HELP="$("$P/bin/guestcraft" --help)"
[ "$HELP" = "$(help_text)" ] || fail "the installed guestcraft --help is not the catalog's: $HELP"
"$P/bin/guestcraft-demo" --help | grep -qF "Demo members: frontdesk" || fail "the installed guestcraft-demo --help"
VERSION_TEXT="$("$P/bin/guestcraft" --version)"
[ "$(head -1 <<<"$VERSION_TEXT")" = "guestcraft $VERSION" ] || fail "--version: $VERSION_TEXT"
grep -qE '^built from commit ' <<<"$VERSION_TEXT" || fail "--version has no commit: $VERSION_TEXT"
grep -qE '^libraries: ncurses [0-9.]+, SQLite 3\.[0-9.]+, libsodium [0-9.]+$' \
  <<<"$VERSION_TEXT" || fail "--version's libraries: $VERSION_TEXT"
set +e
"$P/bin/guestcraft" status >"$E2E_TMP/status.out" 2>"$E2E_TMP/status.err"
STATUS=$?
set -e
[ "$STATUS" = 3 ] && [ "$(cat "$E2E_TMP/status.err")" = "guestcraft: $(catalog cli.status_no_account)" ] \
  || fail "the installed guestcraft status: exit $STATUS, $(cat "$E2E_TMP/status.err")"
pass "with the build folder away, the installed --help, --version and status speak the catalog"

app_start -- "$P/bin/guestcraft" --demo --rooms 20
wait_for " 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account" 30
wait_for "Harbour View Demo · Garden Court Hotel"
no_keys "$(screen)" || fail "the installed app shows catalog keys"
keys q
wait_for "[exited 0]"
app_stop
pass "the installed guestcraft --demo opens the demo hotel in tmux, in sentences"

# bash-completion finds the completion by the command's name in $XDG_DATA_DIRS and completes.
COMPLETED="$(XDG_DATA_DIRS="$P/share" bash -c '
  source /usr/share/bash-completion/bash_completion
  __load_completion guestcraft || exit 1
  compopt() { :; }
  complete() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _guestcraft; echo "${COMPREPLY[*]}"; }
  complete guestcraft ""; complete guestcraft open r; complete guestcraft --demo --as h; complete guestcraft report today --format ""')"
[ "$COMPLETED" = $'status send pair report open\nroom/ reservation/\nhousekeeper\ntext csv' ] \
  || fail "bash completion: $COMPLETED"
pass "bash-completion loads the installed completion: commands, open room/…, --as, --format"

restore_build
make -s -C "$ROOT" uninstall DESTDIR="$DEST" PREFIX=/usr/local >/dev/null 2>&1 || fail "make uninstall failed"
LEFT="$(find "$DEST" -type f)"
[ -z "$LEFT" ] || fail "make uninstall left: $LEFT"
pass "make uninstall removes every installed file"

# ---- make deb ---------------------------------------------------------------------------------
STARTED=$SECONDS
make -s -C "$ROOT" deb >"$E2E_TMP/deb.log" 2>&1 || { tail -40 "$E2E_TMP/deb.log" >&2; fail "make deb failed"; }
ARCH="$(dpkg --print-architecture)"
DEB="$ROOT/.build/guestcraft_${VERSION}_$ARCH.deb"
DEMO_DEB="$ROOT/.build/guestcraft-demo_${VERSION}_$ARCH.deb"
[ -f "$DEB" ] && [ -f "$DEMO_DEB" ] || fail "make deb made no $DEB and $DEMO_DEB"
pass "make deb builds $(basename "$DEB") ($(du -k "$DEB" | cut -f1) KiB) and $(basename "$DEMO_DEB") ($(du -k "$DEMO_DEB" | cut -f1) KiB) in $((SECONDS - STARTED)) s"

depends_on() {
  local depends; depends="$(dpkg-deb --field "$1" Depends)"; shift
  for library in "$@"; do
    grep -qE "(^|, )$library( |,|$)" <<<"$depends" || fail "Depends lacks $library: $depends"
  done
}
depends_on "$DEB" libc6 libncursesw6 libsqlite3-0 libcurl4 libmicrohttpd12 libsodium23 libvips42
depends_on "$DEMO_DEB" guestcraft libc6 libsqlite3-0 libmicrohttpd12 libsodium23
dpkg-deb --field "$DEMO_DEB" Depends | grep -qF "guestcraft (= $VERSION)" || fail "guestcraft-demo does not depend on this guestcraft"
STARTED=$SECONDS
lintian --fail-on error --tag-display-limit 0 "$DEB" "$DEMO_DEB" >"$E2E_TMP/lintian.log" 2>&1 \
  || { cat "$E2E_TMP/lintian.log" >&2; fail "lintian reports errors"; }
pass "Depends from dpkg-shlibdeps (libcurl4 and libmicrohttpd12 named in control: dlopen); lintian: no error ($((SECONDS - STARTED)) s, $(grep -c '^W:' "$E2E_TMP/lintian.log" || true) warnings)"

R="$E2E_TMP/root"
mkdir -p "$R/var/lib/dpkg/updates" "$R/var/lib/dpkg/info"
touch "$R/var/lib/dpkg/status" "$R/var/lib/dpkg/available"
dpkg --root="$R" --force-depends --force-not-root -i "$DEB" "$DEMO_DEB" >"$E2E_TMP/dpkg.log" 2>&1 \
  || { cat "$E2E_TMP/dpkg.log" >&2; fail "dpkg -i into a scratch root failed"; }
for f in usr/bin/guestcraft usr/bin/guestcraft-demo usr/lib/guestcraft/guestcraft-photo usr/share/guestcraft/en.json \
         usr/share/doc/guestcraft/copyright usr/share/doc/guestcraft/changelog.gz usr/share/doc/guestcraft-demo/copyright \
         usr/lib/systemd/user/guestcraft-send.service usr/lib/systemd/user/guestcraft-send.timer; do
  [ -f "$R/$f" ] || fail "the package has no /$f"
done
for program in usr/bin/guestcraft usr/bin/guestcraft-demo usr/lib/guestcraft/guestcraft-photo; do
  ! readelf -S "$R/$program" | grep -q '\.symtab' || fail "/$program is not stripped"
done
# The C++ library under the static Swift runtime is linked in as well (#18: loading libstdc++.so.6
# was 0.7 ms of each start), whenever the build machine has libstdc++.a.
if [ -f "$(g++ -print-file-name=libstdc++.a 2>/dev/null)" ]; then
  needed="$(objdump -p "$R/usr/bin/guestcraft" | awk '/NEEDED/ {print $2}')"
  ! grep -q 'libstdc++' <<<"$needed" || fail "the packaged guestcraft loads libstdc++.so at start (the release should link libstdc++.a)"
  pass "the packaged guestcraft does not load libstdc++.so"
fi
# No RUNPATH: the loader goes straight to the system's folders (#18: `$ORIGIN` cost it 25 failed
# opens under /usr/bin at every start).
! objdump -p "$R/usr/bin/guestcraft" | grep -qE 'RUNPATH|RPATH' || fail "the packaged guestcraft has a RUNPATH"
pass "the packaged guestcraft has no RUNPATH"
# No exported symbols (#18: the loader's lookups and the runtime's dladdr walked 10,800 of them),
# and .data after .rodata (packaging/sections.ld): the full screen faults in .data to the end of
# .bss at once, about 1.3 MiB, never the 37 MB .rodata between them.
exported="$(readelf --dyn-syms -W "$R/usr/bin/guestcraft" | awk '$1 ~ /^[0-9]+:$/ && $7 != "UND"' | wc -l)"
[ "$exported" -lt 16 ] || fail "the packaged guestcraft exports $exported symbols"
readelf -S -W "$R/usr/bin/guestcraft" | python3 -c '
import sys
import re
rows = [l.split("]", 1)[1].split() for l in sys.stdin if re.match(r"\s*\[\s*\d+\]", l)]
at = {f[0]: (int(f[2], 16), int(f[4], 16)) for f in rows if len(f) > 4}
data, rodata, bss = at[".data"], at[".rodata"], at[".bss"]
sys.exit(0 if rodata[0] < data[0] < bss[0] and bss[0] + bss[1] - data[0] < 8 << 20 else 1)' \
  || fail "the packaged guestcraft has .data before .rodata, or more than 8 MiB from .data to the end of .bss"
pass "the packaged guestcraft exports no symbols; from .data to the end of .bss is under 8 MiB"
[ "$("$R/usr/bin/guestcraft" --help)" = "$(help_text)" ] || fail "the packaged guestcraft --help"
[ "$("$R/usr/bin/guestcraft" --version | head -1)" = "guestcraft $VERSION" ] || fail "the packaged --version"
"$R/usr/bin/guestcraft-demo" --help | grep -qF "Demo members: frontdesk" || fail "the packaged guestcraft-demo --help"
[ "$("$R/usr/bin/guestcraft-demo" --version)" = "guestcraft-demo $VERSION" ] || fail "the packaged guestcraft-demo --version"
app_start -- "$R/usr/bin/guestcraft" --demo --rooms 20
wait_for "Harbour View Demo · Garden Court Hotel" 30
no_keys "$(screen)" || fail "the packaged app shows catalog keys"
keys q
wait_for "[exited 0]"
app_stop
for page in guestcraft guestcraft-demo; do
  RENDERED="$(MANWIDTH=80 man --warnings -l "$R/usr/share/man/man1/$page.1.gz" 2>"$E2E_TMP/man.err")"
  [ ! -s "$E2E_TMP/man.err" ] || fail "man -l $page: $(cat "$E2E_TMP/man.err")"
  grep -q "^NAME" <<<"$RENDERED" && grep -q "^EXIT STATUS" <<<"$RENDERED" || fail "man -l $page rendered: $RENDERED"
done
pass "dpkg -i into a scratch root: stripped programs that run from /usr (--help, --version, --demo); man -l renders both pages"

UNITS="$R/usr/lib/systemd/user"
if command -v systemd-analyze >/dev/null; then
  # The units as installed, run from the scratch root's guestcraft.
  mkdir -p "$E2E_TMP/units"
  sed "s|/usr/bin/guestcraft|$R/usr/bin/guestcraft|" "$UNITS/guestcraft-send.service" >"$E2E_TMP/units/guestcraft-send.service"
  cp "$UNITS/guestcraft-send.timer" "$E2E_TMP/units/"
  (cd "$E2E_TMP/units" && MANPATH="$R/usr/share/man" XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$E2E_TMP}" systemd-analyze --user verify \
     guestcraft-send.service guestcraft-send.timer) >"$E2E_TMP/verify.log" 2>&1 \
    || { cat "$E2E_TMP/verify.log" >&2; fail "systemd-analyze verify refused the units"; }
  [ ! -s "$E2E_TMP/verify.log" ] || { cat "$E2E_TMP/verify.log" >&2; fail "systemd-analyze verify warns"; }
  pass "systemd-analyze verify accepts guestcraft-send.service and .timer"
else
  echo "note [$E2E_NAME]: no systemd-analyze on this machine: the units were not verified"
fi

# The network hook starts the send for users whose timer is enabled, on a connection coming up only.
FAKE="$E2E_TMP/fake"
mkdir -p "$FAKE"
printf '#!/bin/sh\nprintf "1000 alice\\n1001 bob\\n"\n' >"$FAKE/loginctl"
printf '#!/bin/sh\necho "$*" >>"%s/calls"\ncase "$*" in *alice@*is-enabled*) exit 0;; *is-enabled*) exit 1;; esac\n' "$FAKE" >"$FAKE/systemctl"
chmod +x "$FAKE/loginctl" "$FAKE/systemctl"
hook_starts() { : >"$FAKE/calls"; env PATH="$FAKE:$PATH" "$@"; grep 'start guestcraft-send.service' "$FAKE/calls" || true; }
START='--user --machine=alice@ --no-block start guestcraft-send.service'
[ "$(hook_starts "$R/usr/lib/NetworkManager/dispatcher.d/90-guestcraft-send" wlan0 up)" = "$START" ] \
  || fail "NetworkManager up: $(cat "$FAKE/calls")"
[ -z "$(hook_starts "$R/usr/lib/NetworkManager/dispatcher.d/90-guestcraft-send" wlan0 down)" ] || fail "NetworkManager down started a send"
[ "$(hook_starts env STATE=routable IFACE=wlan0 "$R/usr/lib/networkd-dispatcher/routable.d/guestcraft-send")" = "$START" ] \
  || fail "networkd-dispatcher routable: $(cat "$FAKE/calls")"
pass "the network hook starts guestcraft-send.service for alice (timer enabled), not bob, on up and routable only"

dpkg --root="$R" --force-not-root --purge guestcraft-demo guestcraft >"$E2E_TMP/dpkg.log" 2>&1 \
  || { cat "$E2E_TMP/dpkg.log" >&2; fail "dpkg --purge failed"; }
LEFT="$(find "$R/usr" -type f 2>/dev/null || true)"
[ -z "$LEFT" ] || fail "dpkg --purge left: $LEFT"
pass "dpkg --purge of both packages removes every file"
