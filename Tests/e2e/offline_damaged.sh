#!/usr/bin/env bash
# A damaged offline file (disk trouble, a bad copy): the app moves it aside, starts a new one,
# says so on its first screen and in its log, and goes on with the saved instance; the
# commands that print lines say it on standard error.
source "$(dirname "$0")/lib.sh" "$1"

damage() {
  rm -f "$GUESTCRAFT_HOME"/guestcraft.db-wal "$GUESTCRAFT_HOME"/guestcraft.db-shm
  head -c 8192 /dev/urandom | base64 >"$GUESTCRAFT_HOME/guestcraft.db"
}

start_demo "$E2E_TMP/demo"
pair_device housekeeper
app_start -- "$BIN_DIR/guestcraft"
wait_for "102 F1  Departing"
keys q
wait_for "[exited"
app_stop
pass "the device read the rooms"

damage
app_start -- "$BIN_DIR/guestcraft"
wait_for "was damaged and could not be read"
wait_for "102 F1  Departing"
moved="$(ls "$GUESTCRAFT_HOME"/guestcraft.db.damaged-* | head -1)"
[ -n "$moved" ] || fail "the damaged file was not kept"
screen | tr -d '\n' | grep -qF "guestcraft.db.damaged-" || fail "the screen does not say where the file went"
grep -q "offline store: The offline data on this device was damaged" "$GUESTCRAFT_HOME/guestcraft.log" \
  || fail "the log does not say it"
[ "$(stat -c %a "$GUESTCRAFT_HOME/guestcraft.db")" = 600 ] || fail "the new file is not 0600"
keys q
wait_for "[exited"
app_stop
pass "the app says so, keeps the old file, starts a new one and reads the rooms again"

damage
status_err="$E2E_TMP/status.err"
"$BIN_DIR/guestcraft" status >/dev/null 2>"$status_err" || true
grep -q "^guestcraft: The offline data on this device was damaged" "$status_err" \
  || { cat "$status_err" >&2; fail "guestcraft status does not say it"; }
pass "guestcraft status says it on standard error"
