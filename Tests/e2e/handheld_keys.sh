#!/usr/bin/env bash
# Keys on the handheld (issue #13). A room jump never lands on the wrong room: as the housekeeper, typing 3101 (no
# such room; 301 shares its first digit) then Enter then `c` says there is no room 3101, leaves
# the focus where it was and changes no room (the demo's stats show no write).
source "$(dirname "$0")/lib.sh" "$1"

writes() { demo_admin GET /demo/stats | json "d['writes_applied'].get('units.housekeeping', 0)"; }

start_demo "$E2E_TMP/demo"
pair_device housekeeper
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "101 F1"
before="$(writes)"
keys 3 1 0 1 Enter
wait_for "There is no room 3101"
keys c
wait_for "Choose a room first"
sleep 1
[ "$(writes)" = "$before" ] || fail "a room was changed after a jump that found no room"
pass "3101 then c: no room changed, the line says there is no room 3101"
app_stop

# Typed text never becomes a command: a skip reason that starts with `d` is sent as typed.
skips() { demo_admin GET /demo/stats | json "d['writes_applied'].get('tasks.status', 0)"; }
app_start -- "$BIN_DIR/guestcraft"
wait_for "4 My tasks"
keys F4
wait_for "101  ▲ Departure clean"
before="$(skips)"
keys x
wait_for "Why is it skipped?"
keys -l "dog in room"
wait_for "Other reason: dog in room"
keys Enter
deadline=$((SECONDS + 10))
until [ "$(skips)" -gt "$before" ]; do
  [ $SECONDS -lt $deadline ] || fail "the skip was not sent"
  sleep 0.1
done
wait_for "⊘ Skipped"
keys Enter
wait_for "dog in room"
screen | grep -q "Do not disturb" && fail "the reason was taken for Do not disturb"
pass "a skip reason starting with d is sent as typed"
app_stop

# `guestcraft open room/<number>` opens that room's detail (a scanned tag does the same), and a
# room-tag link names it too.
app_start -- "$BIN_DIR/guestcraft" open room/203
wait_for "Room 203"
wait_for "Esc Back"
pass "guestcraft open room/203 opens the room's detail"
app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "101 F1"
paste_text "$DEMO_URL/rooms/104"
wait_for "Room 104"
pass "a pasted room-tag link opens that room's detail"
app_stop

# Scanning a room tag works anywhere: a burst (one send-keys of the digits and Enter) on My tasks
# opens the room's detail on Housekeeping; the same digits typed slowly keep their meaning there.
app_start -- "$BIN_DIR/guestcraft"
wait_for "4 My tasks"
keys F4
wait_for "My tasks of"
keys 2 0 3 Enter
wait_for "Room 203"
pass "a scanned 203 on My tasks opens room 203's detail"
keys Escape F4
wait_for "My tasks of"
keys 3
wait_for "Rooms"
sleep 0.3; keys 0; sleep 0.3
screen | grep -q "Room 30" && fail "digits typed slowly were taken for a scan"
pass "digits typed slowly keep their meaning (3 switches to Housekeeping)"
app_stop

# Room detail is a hub: its tasks can be chosen and open on My tasks.
app_start -- "$BIN_DIR/guestcraft" open room/101
wait_for "Room 101"
wait_for "Departure clean"
keys Down Down Down Enter
wait_for "4 My tasks"
wait_for "Assignee"
screen | grep -q "Room 101 ·" && fail "still on the room's detail"
pass "a task chosen on room 101's detail opens on My tasks"
app_stop
