#!/usr/bin/env bash
# A scanner through a real pty (#31), as the housekeeper at 40x12: with room 102's detail open, a
# scan of 203 from My tasks opens room 203 (not the old 102), its characters sent a few ms apart
# in reads of their own; a split scan of no room says so and keeps the detail. (The rest of the
# handheld's scans and keys: AppFlowTests/HandheldFlowTests, #33.)
source "$(dirname "$0")/lib.sh" "$1"

# scan TEXT: a scanner's burst split into reads, a few milliseconds apart, then Enter.
scan() {
  local c
  for c in $(echo "$1" | grep -o .); do keys "$c"; nap 0.005; done
  keys Enter
}

start_housekeeping 40x12
jump_to 102
keys Enter
wait_for "Room 102 · Double"
keys F4
wait_for "Departure clean"
scan 203
wait_for "Room 203 ·"
screen | grep -q "Room 102" && fail "the old room's detail still shows"
pass "with 102's detail open, a split scan of 203 from My tasks opens room 203"

scan 305
wait_for "There is no room 305"
wait_for "Room 203 ·"
pass "a split scan of no room says so and keeps the detail"
