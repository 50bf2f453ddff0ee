#!/usr/bin/env bash
# The way back from the app's own write is short: as the housekeeper, marking room 101 clean
# sends one units.housekeeping; the room takes the answer's state and the demo's stats show no
# units.list request caused by it (the 2,000-room list is not read again on a poor link). The
# list follows the instance (#19): a few seconds after the sent change it reads just that room
# (units.get), not the list. The interval is a minute here, so no periodic read falls inside.
source "$(dirname "$0")/lib.sh" "$1"

stat() { demo_admin GET /demo/stats | json "d['$1'].get('$2', 0)"; }

start_demo "$E2E_TMP/demo"
pair_device housekeeper
pass "paired as the housekeeper"

app_start -- env GUESTCRAFT_REFRESH_SECONDS=60 "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "Rooms"
wait_for "101 F1"
# Let the opening reads settle, then count.
sleep 1
lists_before="$(stat requests units.list)"
rooms_before="$(stat requests units.get)"
writes_before="$(stat writes_applied units.housekeeping)"

jump_to 101
keys c
deadline=$((SECONDS + 10))
until [ "$(stat writes_applied units.housekeeping)" -gt "$writes_before" ]; do
  [ $SECONDS -lt $deadline ] || fail "room 101's change was not applied"
  sleep 0.1
done
deadline=$((SECONDS + 10))
until screen | grep -E "^101 " | grep -qE "✓ Clean$"; do
  [ $SECONDS -lt $deadline ] || fail "room 101 does not show clean"
  sleep 0.1
done
# The answer and the round's news have arrived; give a re-read the time it would take.
sleep 2
screen | grep -E "^101 " | grep -q "↑" && fail "room 101 still shows its change waiting"
lists_after="$(stat requests units.list)"
[ "$lists_after" = "$lists_before" ] || fail "units.list was read again after the app's own write ($lists_before → $lists_after)"
pass "room 101 shows clean from the answer, with no units.list request after the write"
deadline=$((SECONDS + 10))
until [ "$(stat requests units.get)" -gt "$rooms_before" ]; do
  [ $SECONDS -lt $deadline ] || fail "room 101 was not read again after its change was sent"
  sleep 0.2
done
[ "$(stat requests units.list)" = "$lists_before" ] || fail "the list was read again instead of the room"
pass "a few seconds after the change the app read room 101 alone (units.get), not the list"
app_stop
