#!/usr/bin/env bash
# No false conflict after a background send (#16), against the real demo instance: as the
# supervisor (marking inspected is a supervisor's check, #31), room 101 is marked clean offline and the app quits; `guestcraft send` run in the
# background applies it; the app opens again on its saved rooms, which still have 101's old
# status and version (the instance's room list fails), and marks 101 inspected: that change is
# applied, not held. The demo counts two room writes and two room requests (no 409), and the
# screen shows no held mark, no conflict sentence and nothing to review.
source "$(dirname "$0")/lib.sh" "$1"

count() { demo_admin GET /demo/stats | json "d['$1'].get('units.housekeeping', 0)"; }

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
# The desk touches room 101 first: its status and the version the device will read are known.
V0="$(demo_admin POST '/demo/units/101/housekeeping?property_id=prp_harbour' '{"status":"dirty"}' | json 'd["housekeeping_version"]')"
pair_device supervisor

# Online once: Housekeeping reads and saves the rooms (101 dirty at V0).
app_start -- "$BIN_DIR/guestcraft"
wait_for "Choose a property"
keys j Enter
wait_for "Harbour View Hotel"
wait_for "3 Housekeeping"
keys F3
wait_for "101 F1"
wait_for "All sent"
screen | grep -E "^101 " | grep -qF "✗ Dirty" || fail "room 101 is not shown dirty"
quit_app
app_stop
pass "the rooms were read and saved"

# Offline: 101 marked clean waits in the outbox; the app quits with it unsent.
stop_demo
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "Offline · last updated"
jump_to 101
keys c
wait_for "1 to send"
screen | grep -E "^101 " | grep -qF "✓ Clean ↑" || fail "room 101 does not show its change waiting"
quit_app
app_stop
pass "offline, the change of room 101 waits and the app quits"

# The instance is back; `guestcraft send` in the background applies the change.
start_demo "$E2E_TMP/demo" --port "$PORT"
[ "${DEMO_URL##*:}" = "$PORT" ] || fail "the demo did not start on port $PORT"
# As the send timer runs it, with the app closed.
"$BIN_DIR/guestcraft" send >"$E2E_TMP/send.out" 2>&1 || fail "guestcraft send failed: $(cat "$E2E_TMP/send.out")"
[ "$(count writes_applied)" = 1 ] || fail "room writes after the background send: $(count writes_applied)"
pass "guestcraft send in the background applied it (version $((V0 + 1)) at the instance)"

# The app opens on its saved copy, which never saw that send: the instance answers, but its room
# list fails (the demo's server_error fault), so the copy stays on screen with 101 dirty at V0.
demo_admin POST /demo/faults '{"count":20,"kind":"server_error","operation":"units.list"}' >/dev/null
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "101 F1"
screen | grep -E "^101 " | grep -qF "✗ Dirty" || fail "room 101 is not shown as the saved copy has it (dirty)"
jump_to 101
keys i
# Its answer: inspected with no mark (↑ while it is sent, ⚠ and the old status if it is held).
room_101_sent() {
  local row
  row="$(screen | grep -E "^101 ")"
  [[ "$row" == *"★ Inspected"* && "$row" != *"↑"* && "$row" != *"⚠"* ]] && screen | grep -qF "All sent"
}
deadline=$((SECONDS + 30))
until room_101_sent; do
  screen | grep -qF "to review" && fail "the change of room 101 was held"
  [ $SECONDS -lt $deadline ] || fail "room 101's change was never answered"
  sleep 0.05
done
pass "on the old copy, room 101 is marked inspected and sent"

# Applied, not held: two room writes since the instance started again, and no 409.
[ "$(count writes_applied)" = 2 ] || fail "room writes: $(count writes_applied)"
[ "$(count requests)" = 2 ] || fail "room requests: $(count requests)"
screen | grep -qF "to review" && fail "a change waits for review"
screen | grep -qF "changed by someone else first" && fail "the screen says someone else changed room 101"
pass "the change is applied, not held: two room writes, no 409, no held mark"

# The desk's next write answers the version our two created, plus one.
ROOM="$(demo_admin POST '/demo/units/101/housekeeping?property_id=prp_harbour' '{"status":"dirty"}')"
[ "$(echo "$ROOM" | json 'd["housekeeping_version"]')" = "$((V0 + 3))" ] || fail "room 101 (read at $V0): $ROOM"
pass "room 101 has the versions of both changes"
quit_app
