#!/usr/bin/env bash
# A shared handheld (#31) against the real demo instance: the housekeeper makes a change while the
# instance cannot be reached, switches to the supervisor (Account says her change waits and keeps
# being sent, before and after the switch), the instance comes back, and her change is applied
# once while the supervisor is on screen — sent for her, never shown in his lists.
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
pair_device supervisor
pair_device housekeeper

app_start 80x24 -- env GUESTCRAFT_RETRY_CAP_SECONDS=2 "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Amelia Hart · HV-1001"
keys F5
wait_for "Accounts on this device (2)"
keys a
wait_for "was chosen automatically"
wait_for "101 F1  Arriving"
pass "the housekeeper is on screen"

# Offline, she marks a room clean.
stop_demo
jump_to 102
keys c
wait_for "1 to send" 20
keys F5
wait_for "Signed in  Hana Kowalski"
wait_for "Switching keeps your 1 change: it keeps being sent in the background."
pass "before the switch Account says her change keeps being sent"

keys a
wait_for "Hana Kowalski has 1 change waiting; it keeps being sent in the background."
screen | grep -qF "Samir Haddad · Harbour View Demo" || fail "the supervisor is not on screen"
wait_for "Amelia Hart · HV-1001"
keys F5
wait_for "Signed in  Samir Haddad"
wait_for "Hana Kowalski has 1 change waiting; it keeps being sent in the background."
screen | grep -qF "Room 102" && fail "the supervisor's Account lists the housekeeper's change"
pass "after the switch the supervisor is told her change keeps being sent"

# The instance comes back: her change goes while he is on screen.
start_demo "$E2E_TMP/demo" --port "$PORT"
deadline=$((SECONDS + 30))
until [ "$(applied units.housekeeping)" = 1 ]; do
  [ $SECONDS -lt $deadline ] || fail "the housekeeper's change was not sent in the background"
  sleep 0.2
done
screen | grep -qF "Signed in  Samir Haddad" || fail "the supervisor is no longer on screen"
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
grep -q "Hana Kowalski.*0 to send, 0 to review" <<<"$STATUS" || fail "status after the background send: $STATUS"
deadline=$((SECONDS + 10))
until screen | grep -qE "Hana Kowalski · Harbour View Demo .*0 to send"; do
  [ $SECONDS -lt $deadline ] || fail "Account does not count her change as sent"
  sleep 0.05
done
screen | grep -qF "Room 102" && fail "the supervisor's Account lists the housekeeper's change"
sleep 3
[ "$(applied units.housekeeping)" = 1 ] || fail "her change was applied $(applied units.housekeeping) times"
pass "her change was applied once while the supervisor was on screen, never in his lists"
quit_app
app_stop
