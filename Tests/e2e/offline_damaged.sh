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
[ "$(sqlite3 "$GUESTCRAFT_HOME/guestcraft.db" "SELECT count(*) FROM live_generations")" = 0 ] \
  || fail "the app left its generation behind at exit"
pass "the device read the rooms; the app ended its generation when it quit"

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

# A saved copy whose ETag is still readable but whose rooms are not: the instance answers 304 to
# that ETag; the app forgets the copy and reads the rooms in full.
app_start -- "$BIN_DIR/guestcraft"
wait_for "102 F1  Departing"
wait_for "All sent"
keys q
wait_for "[exited"
app_stop
db="$GUESTCRAFT_HOME/guestcraft.db"
sqlite3 "$db" "UPDATE saved_reads SET body = CAST(substr(CAST(body AS TEXT), 1, instr(CAST(body AS TEXT), ',\"value\":') + 8) || '{\"units\":\"not rooms\"}}' AS BLOB) WHERE key LIKE 'units.list/%';"
sqlite3 "$db" "SELECT CAST(body AS TEXT) FROM saved_reads WHERE key LIKE 'units.list/%'" | grep -q '^{"etag":".*not rooms' \
  || fail "the saved rooms were not replaced: $(sqlite3 "$db" "SELECT substr(CAST(body AS TEXT), 1, 80) FROM saved_reads WHERE key LIKE 'units.list/%'")"
before="$(demo_admin GET /demo/stats | json 'd["requests"].get("units.list", 0)')"
app_start -- "$BIN_DIR/guestcraft"
wait_for "102 F1  Departing"
wait_for "All sent"
after="$(demo_admin GET /demo/stats | json 'd["requests"].get("units.list", 0)')"
[ $((after - before)) -eq 2 ] || fail "units.list requests: $before then $after (a 304, then a full read)"
grep -q "304, but the saved copy cannot be read; reading it in full" "$GUESTCRAFT_HOME/guestcraft.log" \
  || fail "the log does not say it"
sqlite3 "$db" "SELECT CAST(body AS TEXT) FROM saved_reads WHERE key LIKE 'units.list/%'" | grep -q '"number":"102"' \
  || fail "the full read was not saved"
pass "a saved copy that cannot be read behind a current ETag: the 304 is followed by a full read"
