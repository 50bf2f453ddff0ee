#!/usr/bin/env bash
# A scan is one thing everywhere (#31), as the housekeeper at 40x12: with room 102's detail open,
# a scan of 203 from My tasks opens room 203 (not the old 102), its characters sent a few ms
# apart in reads of their own. A scan of no room keeps the detail and the next `d` says which
# room is still shown, sending nothing; `d` again marks 203. Tab leaves Housekeeping.
source "$(dirname "$0")/lib.sh" "$1"

writes() { demo_admin GET /demo/stats | json "d['writes_applied'].get('units.housekeeping', 0)"; }
# scan TEXT: a scanner's burst split into reads, a few milliseconds apart, then Enter.
scan() {
  local c
  for c in $(echo "$1" | grep -o .); do keys "$c"; sleep 0.005; done
  keys Enter
}

start_demo "$E2E_TMP/demo"
pair_device housekeeper
app_start 40x12 -- "$BIN_DIR/guestcraft"
wait_for "Housekeeping"
keys F3
wait_for "101 F1"
jump_to 102
keys Enter
wait_for "Room 102 · Double"
keys F4
wait_for "Departure clean"
before="$(writes)"
scan 203
wait_for "Room 203 ·"
screen | grep -q "Room 102" && fail "the old room's detail still shows"
pass "with 102's detail open, a split scan of 203 from My tasks opens room 203"

scan 305
wait_for "There is no room 305"
wait_for "Room 203 ·"
keys d
wait_for "This is still room 203"
sleep 0.5
[ "$(writes)" = "$before" ] || fail "a room was changed after a scan that found no room"
keys d
deadline=$((SECONDS + 10))
until [ "$(writes)" = "$((before + 1))" ]; do
  [ $SECONDS -lt $deadline ] || fail "d again did not change room 203"
  sleep 0.1
done
pass "a scan of no room keeps the detail; d says it is still 203, d again marks 203"

# Tabs without F-keys: from a room jump on Housekeeping, Tab goes to My tasks, Shift-Tab back.
keys Escape
wait_for "101 F1"
keys 2
sleep 0.2
keys Tab
wait_for "4 My tasks"
keys BTab
wait_for "3 Housekeeping"
pass "Tab leaves Housekeeping from a room jump, Shift-Tab comes back"
