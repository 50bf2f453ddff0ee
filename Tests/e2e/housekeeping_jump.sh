#!/usr/bin/env bash
# A room jump never lands on the wrong room (issue #13): as the housekeeper, typing 3101 (no
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
