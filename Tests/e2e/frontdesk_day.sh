#!/usr/bin/env bash
# The front desk's day (issue #12) against guestcraft-demo serve on its fixed date: Today → an
# arrival without a room → assign a free room → check in; a dirty room is refused with the
# sentence naming who can override, and the supervisor checks it in with a reason; with the
# instance stopped, Today shows its saved lists and `guestcraft report today` prints them.
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

start_desk frontdesk
wait_for "李娜 · HV-1004 · 1 night"
screen | grep -q "101  Amelia Hart · HV-1001 · 3 nights.*✗ Dirty" || fail "the arrival's room status is not shown"
screen | grep -q "Jonas Weber · HV-1002.*Owes EUR 121.50" || fail "the departure's balance is not shown"
pass "Today names the date, the arrivals' room status and what a departure owes"

# The filter as typed, Enter opens the reservation.
keys / H V - 1 0 0 4 Enter
wait_for "Filter: HV-1004"
screen | grep -q "Amelia Hart" && fail "the filter did not narrow the lists"
keys Enter
wait_for "Reservation HV-1004"
wait_for "Unassigned · Twin"
keys a
wait_for "Free Twin rooms for the whole stay"
wait_for "Room 203"
keys Enter
wait_for "Room 203 · Twin"
[ "$(applied stays.assign)" = 1 ] || fail "the assignment was not applied once"
keys c
wait_for "The instance checks:"
wait_for "✓ Room status Clean"
keys Enter
wait_for "● Checked in"
[ "$(applied stays.check_in)" = 1 ] || fail "the check-in was not applied once"
pass "an arrival without a room: a free room assigned, then checked in"

# Back on Today (the filter kept), the lists are read again.
keys Escape
wait_for "Filter: HV-1004"
wait_for "✓ Checked in"
screen | grep -q "203  李娜 · HV-1004.*✓ Checked in" || fail "Today does not show the check-in"
keys Escape
wait_for "Today · 2026-11-02"
pass "back on Today, the check-in shows"

# A dirty room: the front desk is refused, with who can override.
keys Home Enter
wait_for "Reservation HV-1001"
wait_for "Room 101"
keys c
wait_for "✗ Room status Dirty"
keys Enter
wait_for "is not ready"
wait_for "override readiness"
[ "$(applied stays.check_in)" = 1 ] || fail "a refused check-in was applied"
pass "a dirty room is refused for the front desk, with who can override"
app_stop

# The supervisor checks the same room in with a reason.
SUPERVISOR_HOME="$E2E_TMP/supervisor"
GUESTCRAFT_HOME="$SUPERVISOR_HOME" pair_device supervisor
GUESTCRAFT_HOME="$SUPERVISOR_HOME" app_start -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel"
keys j Enter
wait_for "101  Amelia Hart"
keys Enter
wait_for "Reservation HV-1001"
wait_for "Room 101"
keys c
wait_for "Room status Dirty: needs a reason"
keys Enter
wait_for "Check in room 101 anyway?"
keys -l "VIP, room checked by phone"
keys Enter
wait_for "● Checked in"
[ "$(applied stays.check_in)" = 2 ] || fail "the supervisor's check-in was not applied"
pass "the supervisor checks the dirty room in with a reason"
app_stop

# The instance stopped: Today shows the saved lists, and the report prints them.
stop_demo
app_start -- "$BIN_DIR/guestcraft"
wait_for "Offline · last updated"
wait_for "Arrivals"
wait_for "Jonas Weber · HV-1002"
pass "offline, Today shows its saved lists"
app_stop
report="$(GUESTCRAFT_HOME="$GUESTCRAFT_HOME" "$BIN_DIR/guestcraft" report today)" || fail "report today failed"
grep -q "^Harbour View Hotel" <<<"$report" || fail "the report has no property"
grep -q "Arrivals (4)" <<<"$report" || fail "the report has no arrivals: $report"
grep -q "Departures (2)" <<<"$report" || fail "the report has no departures"
pass "with the instance stopped, guestcraft report today prints the saved lists"
