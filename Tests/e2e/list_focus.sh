#!/usr/bin/env bash
# The list keys through a real pty (#32), as the housekeeper at 40x12 on Harbour View's 8 rooms
# (101 … 301): End, Home, PgDn/PgUp (ten rows, stopping at the ends), ↑/↓ and k/j move the focus
# through ListFocus, and Enter opens the room the focus is on. (Every key at every edge:
# AppCoreTests/ListFocusTests.)
source "$(dirname "$0")/lib.sh" "$1"

# opens ROOM: Enter opens that room's detail; Esc goes back to the list.
opens() {
  keys Enter
  wait_for "Room $1 ·"
  keys Escape
  wait_gone "Room $1 ·"
}

start_housekeeping 40x12
keys End; opens 301
pass "End focuses the last room"
keys Home; opens 101
pass "Home focuses the first room"
keys NPage; opens 301
pass "PgDn stops at the last of 8 rooms"
keys Up; opens 203
keys k; opens 202
keys Down; opens 203
keys j; opens 301
keys Down; opens 301
pass "Up/k and Down/j move one room, Down stops at the last"
keys PPage; opens 101
keys Up; opens 101
pass "PgUp stops at the first room, Up stays there"
