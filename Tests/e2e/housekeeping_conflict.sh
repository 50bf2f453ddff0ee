#!/usr/bin/env bash
# A conflict made from the desk: the room changed after the device read it; the device's change
# is held, the room shows the desk's status with a sentence, Review lists it, Dismiss
# (Discard) removes it, and it is never sent.
source "$(dirname "$0")/lib.sh" "$1"

count() { demo_admin GET /demo/stats | json "d['$1'].get('units.housekeeping', 0)"; }

start_demo "$E2E_TMP/demo"
pair_device housekeeper

app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "102 F1  Departing"
wait_for "All sent"
pass "the device read the rooms"

# The desk marks 102 inspected after the device read it.
demo_admin POST '/demo/units/102/housekeeping?property_id=prp_harbour' '{"status":"inspected"}' >/dev/null
jump_to 102
keys c
wait_for "Room 102 was changed by someone else first"
wait_for "1 to review"
screen | grep -E "^102 " | grep -qF "★ Inspected ⚠" || fail "room 102 does not show the desk's status with the held mark"
[ "$(count requests)" = 1 ] || fail "requests: $(count requests)"
[ "$(count writes_applied)" = 0 ] || fail "the held change was applied"
pass "the change is held; the room shows the desk's status with a sentence"

keys n
sleep 0.5
[ "$(count requests)" = 1 ] || fail "a held change was sent again"
keys v
wait_for "Room 102: mark clean"
pass "Review lists the held change"

for _ in 1 2 3 4 5 6 7 8; do
  line="$(screen | sed -n "$(( $(tmux -L "$TMUX_SOCKET" display -p -t app '#{cursor_y}') + 1 ))p")"
  [[ "$line" == *"Room 102: mark clean"* ]] && break
  keys Down
  sleep 0.1
done
keys x
wait_for "Discard"
keys y
wait_gone "Room 102: mark clean"
wait_for "All sent"
[ "$(count requests)" = 1 ] || fail "the discarded change was sent: $(count requests)"
[ "$(count writes_applied)" = 0 ] || fail "the discarded change was applied"
pass "Dismiss discards it and it is never sent"

keys F3
wait_for "102 F1  Departing"
# The tab opens on its rooms as it last showed them and reads them again; within that read the
# mark and the sentence of the discarded change must be gone (the outbox tells the tab at once).
room_102_settled() {
  local row
  row="$(screen | grep -E "^102 ")"
  [[ "$row" == *"★ Inspected"* && "$row" != *"⚠"* ]] && ! screen | grep -qF "changed by someone else first"
}
for _ in $(seq 1 40); do room_102_settled && break; sleep 0.05; done
screen | grep -E "^102 " | grep -qF "★ Inspected" || fail "room 102 lost the desk's status"
screen | grep -E "^102 " | grep -qF "⚠" && fail "room 102 still shows a held change"
screen | grep -qF "changed by someone else first" && fail "the sentence of the discarded change is still shown"
pass "the room shows the desk's status, nothing pending and no sentence of the discarded change"
keys q
wait_for "[exited"
