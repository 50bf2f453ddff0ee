#!/usr/bin/env bash
# Everything reachable at 40 × 12 (#30): on a reservation, keys that move no focus scroll the
# page to its balance and notes, and ↑ scrolls back; nothing is sent. (Enter on a focused row
# scrolled out of sight is held back: TerminalAppTests, on the real loop.)
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "sum(d['writes_applied'].values())"; }

start_demo "$E2E_TMP/demo"
pair_device frontdesk
app_start 40x12 -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Today · 2026-11-02"
keys / 1 0 0 5
wait_for "Filter: 1005"
keys Enter
sleep 0.3
keys Enter
wait_for "Reservation HV-1005"
screen | grep -q "Travel cot" && fail "the notes already show: nothing to scroll at 40x12"
writes="$(applied)"
# End moves the focus to the last room, End again scrolls to the last line.
keys End End
wait_for "Notes Travel cot in room 104."
wait_for "Balance EUR"
pass "End reaches the balance and the notes at 40x12"

keys End End
wait_for "Notes Travel cot"
keys Up Up Up Up Up Up Up Up
wait_for "Carlos Mendes"
[ "$(applied)" = "$writes" ] || fail "scrolling sent something"
pass "Up scrolls back to the top, and nothing was sent"
