#!/usr/bin/env bash
# ASCII symbols where Unicode cannot be shown (#31): with LANG=C LC_ALL=C, or TERM=vt220, the
# rooms read "[x] Dirty" and the screen holds no byte above 0x7E; GUESTCRAFT_ASCII=0 brings the
# Unicode symbols back (so the check above can fail).
source "$(dirname "$0")/lib.sh" "$1"

# Lines of the screen with a byte outside printable ASCII (tmux gives UTF-8 whatever the app's locale).
non_ascii() { screen | LC_ALL=C grep -n '[^ -~]' || true; }

rooms_in() {
  app_start -- env "$@" "$BIN_DIR/guestcraft"
  wait_for "3 Housekeeping"
  keys F3
  wait_for "101 F1"
}

start_demo "$E2E_TMP/demo"
pair_device housekeeper

rooms_in LANG=C LC_ALL=C
wait_for "] Dirty"
screen | grep -qE '\[x\] Dirty' || fail "no [x] Dirty with LANG=C"
[ -z "$(non_ascii)" ] || fail "non-ASCII on screen with LANG=C: $(non_ascii)"
keys Enter
wait_for "Status ["
[ -z "$(non_ascii)" ] || fail "non-ASCII on a room with LANG=C: $(non_ascii)"
keys ?
wait_for "+- Keys "
[ -z "$(non_ascii)" ] || fail "non-ASCII in the keys box with LANG=C: $(non_ascii)"
pass "LANG=C LC_ALL=C: [x] marks, a +--+ box, nothing but ASCII"
app_stop

rooms_in LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=vt220
wait_for "] Dirty"
[ -z "$(non_ascii)" ] || fail "non-ASCII on screen with TERM=vt220: $(non_ascii)"
pass "TERM=vt220 in a UTF-8 locale: ASCII only"
app_stop

rooms_in LANG=C LC_ALL=C GUESTCRAFT_ASCII=0
wait_for "✗ Dirty"
[ -n "$(non_ascii)" ] || fail "the check for non-ASCII found none beside ✗"
pass "GUESTCRAFT_ASCII=0 draws the Unicode symbols even with LANG=C"
app_stop

rooms_in LANG=C.UTF-8 LC_ALL=C.UTF-8 GUESTCRAFT_ASCII=1
wait_for "[x] Dirty"
[ -z "$(non_ascii)" ] || fail "non-ASCII on screen with GUESTCRAFT_ASCII=1: $(non_ascii)"
pass "GUESTCRAFT_ASCII=1 draws ASCII in a UTF-8 xterm"
