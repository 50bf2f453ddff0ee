#!/usr/bin/env bash
# Check-out with money owed (issue #12): the front desk is refused before anything is sent, with
# who can approve; the manager checks the last room out with a reason, applied once.
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

open_weber() {
  wait_for "Harbour View Hotel"
  keys j Enter
  wait_for "Jonas Weber · HV-1002"
  keys / 1 0 0 2
  wait_for "Filter: 1002"
  keys Enter
  sleep 0.3
  keys Enter
  wait_for "Reservation HV-1002"
  wait_for "Balance EUR 121.50"
}

start_demo "$E2E_TMP/demo"
pair_device frontdesk
app_start -- "$BIN_DIR/guestcraft"
open_weber
keys o
wait_for "Would remain owed EUR 121.50"
keys Enter
wait_for "such"
wait_for "Nothing was sent."
screen | grep -q "approve an open balance" || fail "the sentence does not say who can approve"
[ "$(applied stays.check_out)" = 0 ] || fail "a refused check-out was applied"
pass "check-out with money owed: the front desk is told who can approve, nothing is sent"
app_stop

MANAGER_HOME="$E2E_TMP/manager"
GUESTCRAFT_HOME="$MANAGER_HOME" pair_device manager
GUESTCRAFT_HOME="$MANAGER_HOME" app_start -- "$BIN_DIR/guestcraft"
open_weber
keys o
wait_for "Would remain owed EUR 121.50"
keys Enter
wait_for "Check out room 102 with money owed?"
keys -l "Invoice to Weber Logistik"
keys Enter
wait_for "Checked out"
[ "$(applied stays.check_out)" = 1 ] || fail "the manager's check-out was not applied once"
pass "the manager checks the last room out with money owed, with a reason"
