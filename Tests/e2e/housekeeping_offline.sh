#!/usr/bin/env bash
# The housekeeper's day offline, against the real demo instance: paired as the housekeeper, the
# app saves the rooms and tasks; with the instance stopped it opens on them, marks three rooms
# clean and starts and finishes a task; `guestcraft status` reports the waiting changes; the
# instance starts again on the same data and port; the changes are sent once each (the demo's
# counts), the screens show nothing pending, and the rooms have their new versions.
source "$(dirname "$0")/lib.sh" "$1"


start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
# The desk touches room 101 first: the version the device will read is known.
V0="$(demo_admin POST '/demo/units/101/housekeeping?property_id=prp_harbour' '{"status":"dirty"}' | json 'd["housekeeping_version"]')"
pair_device housekeeper
pass "paired as the housekeeper"

# Online once: the tabs read and save the rooms and the tasks.
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "Rooms"
wait_for "101 F1  Arriving"
keys F4
wait_for "My tasks of 2026-11-02"
wait_for "101  ▲ Departure clean"
quit_app
app_stop
pass "the rooms and tasks were read and saved"
# The exit empties the offline file's write-ahead log (#18): the next start does not read the
# rooms saved in it back before its first frame.
[ ! -s "$GUESTCRAFT_HOME/guestcraft.db-wal" ] || fail "the write-ahead log holds $(stat -c %s "$GUESTCRAFT_HOME/guestcraft.db-wal") bytes after the app quit"
pass "the app left the write-ahead log empty"

# The instance goes away.
stop_demo
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "Offline · last updated"
wait_for "101 F1  Arriving"
pass "offline, the app opens on the saved rooms"

# Three rooms clean, by jumping to each by number.
for room in 101 102 201; do
  jump_to "$room"
  keys c
  wait_for "$room F"
done
wait_for "3 to send"
screen | grep -E "^(101|102|201) " | grep -qv "✓ Clean ↑" && fail "a room does not show its change waiting"
pass "three rooms show clean at once, waiting to be sent"

keys F4
wait_for "101  ▲ Departure clean"
keys s
wait_for "◐ In progress ↑"
keys s
wait_for "● Done ↑"
wait_for "5 to send"
pass "a task started and finished offline"
quit_app
app_stop

STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[[ "$STATUS" == *"5 to send, 0 to review"* ]] || fail "status printed: $STATUS"
pass "guestcraft status reports the 5 waiting changes"

# The instance starts again on the same data and port; the app sends the changes.
start_demo "$E2E_TMP/demo" --port "$PORT"
[ "${DEMO_URL##*:}" = "$PORT" ] || fail "the demo did not start on port $PORT"
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "All sent" 30
wait_for "101 F1  Arriving"
screen | grep -qF "↑" && fail "a change still shows as waiting"
STATS="$(demo_admin GET /demo/stats)"
[ "$(echo "$STATS" | json 'd["writes_applied"].get("units.housekeeping", 0)')" = 3 ] || fail "room writes: $STATS"
[ "$(echo "$STATS" | json 'd["writes_applied"].get("tasks.status", 0)')" = 2 ] || fail "task writes: $STATS"
pass "each change was applied once (demo counts)"

# A desk write advances the version by one: it answers the version ours created, plus one.
ROOM="$(demo_admin POST '/demo/units/101/housekeeping?property_id=prp_harbour' '{"status":"clean"}')"
[ "$(echo "$ROOM" | json 'd["housekeeping_version"]')" = "$((V0 + 2))" ] || fail "room 101 (read at $V0): $ROOM"
keys F4
wait_for "● Done"
screen | grep -qF "↑" && fail "a task change still shows as waiting"
pass "the rooms have their new versions and the screens show nothing pending"
quit_app
