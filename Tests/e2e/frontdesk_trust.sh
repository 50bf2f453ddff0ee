#!/usr/bin/env bash
# A front desk a clerk can trust (#30), against guestcraft-demo serve on its fixed date:
# a room another guest is still in is refused before anything is sent (the checks name them,
# `s` opens their reservation, nothing is written); Enter after a check-in does not check out.
source "$(dirname "$0")/lib.sh" "$1"

applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

# open_code CODE: from Today's lists, the reservation CODE (filtered, then Enter).
open_code() {
  keys Escape
  wait_for "Today · 2026-11-02"
  keys / "$1" Enter
  wait_for "Filter: $1"
  sleep 0.3
  keys Enter
  wait_for "Reservation $1"
}

start_desk frontdesk

# Amelia Hart (HV-1001) is moved to 102, free from tonight, while Jonas Weber is still in it.
open_code HV-1001
wait_for "Room 101 · Double"
keys a
wait_for "Free Double rooms for the whole stay"
wait_for "guest still in"
# The ready rooms come first; the ones a guest is still in last.
free="$(screen | grep -E '^Room [0-9]+' | awk '{print $2}' | tr '\n' ' ')"
last="$(screen | grep -E '^Room [0-9]+' | tail -1)"
echo "$last" | grep -q "guest still in" || fail "an occupied room is not listed last: $free"
screen | grep -E '^Room 102 ' | grep -q "guest still in" || fail "room 102 is not marked occupied"
keys End
while ! screen | grep -E '^Room 102 ' >/dev/null; do sleep 0.05; done
# Focus 102: up from the end until the cursor row is 102.
for _ in 1 2 3 4 5 6; do
  row="$(tmux -L "$TMUX_SOCKET" capture-pane -p -t app | sed -n "$(( $(cursor | cut -d, -f2) + 1 ))p")"
  case "$row" in "Room 102 "*) break ;; esac
  keys k; sleep 0.1
done
keys Enter
wait_for "Room 102 · Double"
[ "$(applied stays.assign)" = 1 ] || fail "the assignment to 102 was not applied"
keys c
wait_for "✗ Room 102 is still occupied: HV-1002 (Jonas Weber) has not checked out."
screen | grep -qF "✓ Room 102 for tonight" && fail "the checks tick a room a guest is still in"
keys Enter
wait_for "(Jonas Weber) has not checked out. Nothing"
keys Enter
sleep 0.3
[ "$(applied stays.check_in)" = 0 ] || fail "a check-in into an occupied room was sent"
keys s
wait_for "Reservation HV-1002"
wait_for "Jonas Weber"
pass "an occupied room: the checks name its guest, Enter sends nothing, s opens their reservation"
keys Escape
wait_for "Reservation HV-1001"
keys Escape

# Carlos Mendes's room 103 checked in, then Enter three more times: no check-out; `o` asks first,
# naming the nights given up.
open_code HV-1005
wait_for "Room 104 · Twin"
keys c
wait_for "✓ Room status Inspected"
keys Enter
wait_for "Room 103 checked in."
keys Enter Enter Enter
sleep 0.5
wait_for "Room 103 is in house until 2026-11-06"
screen | grep -q "Check out room 103\|nights early" && fail "Enter after a check-in started its check-out"
[ "$(applied stays.check_out)" = 0 ] || fail "Enter after a check-in checked the guest out"
keys o
wait_for "Check out Carlos Mendes 4 nights early?"
keys Escape
[ "$(applied stays.check_out)" = 0 ] || fail "the early check-out was sent without its question"
pass "Enter after a check-in does not check out; o asks, naming the nights"

quit_app
