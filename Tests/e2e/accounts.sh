#!/usr/bin/env bash
# Several accounts on one device (#15) against the real demo instance: the desk (the supervisor,
# who works Today and the rooms; the demo's front-desk role makes no change that waits in an
# outbox) and the housekeeper are paired on one device, each with a session of their own; Account
# lists both and `a` switches; offline each makes a change, named as theirs in Review; a switch
# shows nothing of the other account; `guestcraft status` lists both after switching and
# `guestcraft send` sends each, every change applied once (demo stats).
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
pair_device supervisor
pair_device housekeeper
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[ "$(grep -c . <<<"$STATUS")" = 2 ] || fail "status printed: $STATUS"
pass "two people paired on one device, each an account of its own"

# Online once for each: the desk's Today and rooms, the housekeeper's rooms and tasks are saved.
app_start 80x24 -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Amelia Hart · HV-1001"
keys F3
wait_for "101 F1  Arriving"
keys F5
wait_for "Accounts on this device (2)"
wait_for "Hana Kowalski · Harbour View Demo"
screen | grep -q "Samir Haddad · Harbour View Demo .*on screen" || fail "Account does not mark the account on screen"
keys a
# She reaches one property: it is chosen for her, and her role opens on Housekeeping.
wait_for "was chosen automatically"
wait_for "101 F1  Arriving"
keys F4
wait_for "101  ▲ Departure clean"
keys F5
wait_for "Signed in  Hana Kowalski"
keys a
wait_for "Amelia Hart · HV-1001"
pass "Account lists both accounts and a switches between them"

# Offline, each makes a change.
stop_demo
keys F3
wait_for "Offline"
jump_to 102
keys c
wait_for "1 to send" 20
keys F5
wait_for "Signed in  Samir Haddad"
keys End
wait_for "Room 102: mark clean · Samir Haddad"
keys a
wait_for "Hana Kowalski · Harbour View Demo"
wait_for "101 F1  Arriving"
screen | grep -qF "1 to send" && fail "the housekeeper's screen shows the desk's waiting change"
# Only the passing sentence that his change keeps being sent in the background names him (#31).
screen | grep -F "Samir" | grep -vqF "keeps being sent in the background" && fail "the housekeeper's screen names the desk"
keys F4
wait_for "101  ▲ Departure clean"
keys s
wait_for "◐ In progress ↑"
wait_for "1 to send" 20
keys F5
wait_for "Signed in  Hana Kowalski"
keys End
wait_for "· Hana Kowalski"
screen | grep -qF "Room 102" && fail "the housekeeper's Review shows the desk's change"
pass "offline each account makes a change, named as theirs, and a switch shows nothing of the other"
quit_app
app_stop

STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
grep -q "Samir Haddad.*1 to send, 0 to review" <<<"$STATUS" && grep -q "Hana Kowalski.*1 to send, 0 to review" <<<"$STATUS" \
  || fail "status after switching printed: $STATUS"
pass "guestcraft status lists both accounts with their changes"

start_demo "$E2E_TMP/demo" --port "$PORT"
SENT="$("$BIN_DIR/guestcraft" send)" || fail "send did not send everything: $SENT"
grep -qF "Samir Haddad: 1 sent" <<<"$SENT" && grep -qF "Hana Kowalski: 1 sent" <<<"$SENT" || fail "send printed: $SENT"
[ "$(applied units.housekeeping)" = 1 ] || fail "room writes applied: $(applied units.housekeeping)"
[ "$(applied tasks.status)" = 1 ] || fail "task writes applied: $(applied tasks.status)"
SENT_AGAIN="$("$BIN_DIR/guestcraft" send)" || fail "a second send failed: $SENT_AGAIN"
[ "$(applied units.housekeeping)" = 1 ] && [ "$(applied tasks.status)" = 1 ] || fail "a change was applied twice"
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[ "$(grep -c "0 to send, 0 to review" <<<"$STATUS")" = 2 ] || fail "status after send printed: $STATUS"
pass "guestcraft send sends each account's change, each applied once"
