#!/usr/bin/env bash
# One key never undoes the plan (#31), as the housekeeper at 80x24 against the real demo: room
# 301's row shows its block; `c` on it asks, Esc sends nothing, `c` Enter marks it clean once.
# `i` is a supervisor's check and sends nothing. `c` on 101 then `u` within 10 s sets it back:
# two writes of 101, and the row is dirty again with nothing left to send. Finishing 101's
# cleaning task on My tasks offers its room's Clean in one key.
source "$(dirname "$0")/lib.sh" "$1"

writes() { demo_admin GET /demo/stats | json "d['writes_applied'].get('units.housekeeping', 0)"; }
row() { screen | grep -E "^$1 "; }

start_demo "$E2E_TMP/demo"
pair_device housekeeper
app_start -- "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "301 F3"
wait_for "All sent"
row 301 | grep -qF "back 2026-11-04 · Leaking shower tray" || fail "room 301's row shows no block: $(row 301)"
pass "room 301's row says until when and why it is out of order"

jump_to 301
keys c
wait_for "Mark it Clean anyway? The block still runs."
keys Escape
wait_for "Room 301 is left as it is. Nothing was sent."
[ "$(writes)" = 0 ] || fail "a write went out after Esc: $(writes)"
row 301 | grep -qF "Out of order" || fail "room 301 changed: $(row 301)"
keys c
wait_for "Mark it Clean anyway?"
keys Enter
wait_for "All sent"
wait_for "✓ Clean"
deadline=$((SECONDS + 10))
until [ "$(writes)" = 1 ]; do [ $SECONDS -lt $deadline ] || fail "room 301's change: $(writes) writes"; sleep 0.1; done
pass "c on the out-of-order room asks; Esc sends nothing, Enter marks it clean once"

jump_to 103
keys i
wait_for "Marking a room inspected is a supervisor's check"
[ "$(writes)" = 1 ] || fail "i sent a change: $(writes)"
pass "i is refused for a housekeeper and sends nothing"

jump_to 101
keys c
wait_for "Undo 101"
keys u
wait_for "Room 101 is set back to Dirty."
wait_for "All sent"
deadline=$((SECONDS + 10))
until [ "$(writes)" = 3 ]; do [ $SECONDS -lt $deadline ] || fail "101's change and its undo: $(writes) writes"; sleep 0.1; done
row 101 | grep -qF "✗ Dirty" || fail "room 101 is not dirty again: $(row 101)"
pass "u within 10 s set room 101 back: two writes, dirty, nothing to send"

# Finishing room 101's departure clean offers its next status in one key: c marks it clean.
keys F4
wait_for "Departure clean"
keys s
wait_for "In progress"
keys s
wait_for "Task done. c marks room 101 Clean."
keys c
wait_for "Room 101 is Clean."
deadline=$((SECONDS + 10))
until [ "$(writes)" = 4 ]; do [ $SECONDS -lt $deadline ] || fail "the offered clean of 101: $(writes) writes"; sleep 0.1; done
keys F3
wait_for "101 F1"
row 101 | grep -qF "✓ Clean" || fail "room 101 is not clean on Housekeeping: $(row 101)"
pass "finishing 101's cleaning task, c marks the room clean: one write"
quit_app
