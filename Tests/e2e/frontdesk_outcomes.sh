#!/usr/bin/env bash
# What a desk action comes to when something else happens (issue #12): an undo of a check-in on
# the business date (asked first); a reservation changed by another device between the read and the action
# (412: the sentence and the new state); an answer lost after the instance applied it (the screen
# says it was done, and the demo applied it once).
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

# open_mendes: from Today (Harbour View), the reservation HV-1005 (rooms 103 and 104).
open_mendes() {
  wait_for "Harbour View Hotel"
  keys j Enter
  wait_for "Carlos Mendes · HV-1005"
  keys / 1 0 0 5
  wait_for "Filter: 1005"
  keys Enter
  sleep 0.3
  keys Enter
  wait_for "Reservation HV-1005"
  wait_for "Room 104"
}

start_demo "$E2E_TMP/demo"
pair_device frontdesk
app_start -- "$BIN_DIR/guestcraft"
open_mendes
# Room 103 (inspected) checked in, then the check-in undone.
keys c
wait_for "✓ Room status Inspected"
keys Enter
wait_for "● Checked in"
[ "$(applied stays.check_in)" = 1 ] || fail "the check-in was not applied"
keys z
wait_for "Undo the check-in of Carlos Mendes in room 103?"
[ "$(applied stays.undo_check_in)" = 0 ] || fail "z sent the undo before it was confirmed"
keys Enter
deadline=$((SECONDS + 10))
until [ "$(applied stays.undo_check_in)" = 1 ]; do
  [ $SECONDS -lt $deadline ] || fail "the undo was not sent"
  sleep 0.1
done
wait_gone "● Checked in"
pass "a check-in undone on the business date"

# Another device checks room 103 in while this one shows it reserved: this device's check-in
# meets 412, says room 103 changed meanwhile and shows it checked in.
OTHER_HOME="$E2E_TMP/other"
GUESTCRAFT_HOME="$OTHER_HOME" pair_device frontdesk
tmux -L "$TMUX_SOCKET" new-session -d -s other -x 80 -y 24 \
  "env GUESTCRAFT_HOME=$(printf %q "$OTHER_HOME") TERM=xterm-256color $(printf %q "$BIN_DIR/guestcraft"); sleep 600"
other() { tmux -L "$TMUX_SOCKET" send-keys -t other "$@"; }
other_screen() { tmux -L "$TMUX_SOCKET" capture-pane -p -t other; }
other_wait() {
  local deadline=$((SECONDS + 15))
  until other_screen | grep -qF -- "$1"; do
    [ $SECONDS -lt $deadline ] || { other_screen >&2; fail "the other device never showed: $1"; }
    sleep 0.05
  done
}
other_wait "Harbour View Hotel"
other j Enter
other_wait "Carlos Mendes · HV-1005"
other / 1 0 0 5
other_wait "Filter: 1005"
other Enter; sleep 0.3; other Enter
other_wait "Reservation HV-1005"
other_wait "Room 104"
other c
other_wait "✓ Room status Inspected"
other Enter
other_wait "● Checked in"
[ "$(applied stays.check_in)" = 2 ] || fail "the other device's check-in was not applied"
screen | grep -q "● Checked in" && fail "this device already shows the other's check-in"
keys c
wait_for "The instance checks:"
keys Enter
wait_for "Room 103 changed meanwhile (now checked in)"
wait_for "● Checked in"
[ "$(applied stays.check_in)" = 2 ] || fail "the stale check-in was applied"
pass "a reservation changed by another device: 412, the sentence and the new state"
tmux -L "$TMUX_SOCKET" kill-session -t other

# The answer to a check-in of room 104 is lost after the instance applied it: the reservation is
# read again and the screen says it was done; the demo applied it once.
keys Down
demo_admin POST /demo/faults '{"count":1,"kind":"drop_after_apply","operation":"stays.check_in"}' >/dev/null
keys c
wait_for "✓ Room status Clean"
keys Enter
wait_for "checked in (the answer was lost, but the reservation shows it was"
[ "$(applied stays.check_in)" = 3 ] || fail "the check-in with the lost answer was not applied exactly once"
pass "a lost answer: the screen says the check-in was done, applied once"

# #30: the instance answers a check-in after 20 s, past the client's 15 s stall limit. The screen
# never says it was not done: "No answer yet" until a read shows the truth; applied once.
keys z
wait_for "in room 104?"
keys Enter
wait_for "Check-in of room 104 undone."
[ "$(applied stays.undo_check_in)" = 2 ] || fail "the undo of 104 was not applied"
demo_admin POST /demo/faults '{"count":1,"kind":"delay","delay_ms":20000,"operation":"stays.check_in"}' >/dev/null
keys c
wait_for "✓ Room status"
keys Enter
wait_for "No answer yet to the check-in of room 104" 25
deadline=$((SECONDS + 60))
until screen | grep -qF "Room 104 checked in (the answer was lost, but the reservation"; do
  screen | grep -qiE "room 104 not checked in|was not done" && fail "the screen said the check-in was not done"
  [ $SECONDS -lt $deadline ] || fail "the screen never showed the check-in done"
  sleep 0.2
done
screen | grep -qF "No answer yet" && fail "\"No answer yet\" stayed up beside the truth"
[ "$(applied stays.check_in)" = 4 ] || fail "the slow check-in was not applied exactly once"
pass "a slow answer: never \"not done\", then the truth, applied once"
