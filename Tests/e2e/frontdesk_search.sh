#!/usr/bin/env bash
# Search as a clerk types (issue #30) against guestcraft-demo serve on its fixed date: typing the
# next name over Search's results edits the query (the `q` of "Jacques" no longer quits, its `r`
# no longer searches again); "muller" and "mueller" find Müller (a guest of Garden Court, in the
# same workspace); a room number finds the guest staying in that room tonight, whom the
# instance's search does not find, and Enter opens that stay's reservation; F10 quits.
source "$(dirname "$0")/lib.sh" "$1"

start_demo "$E2E_TMP/demo"
pair_device frontdesk
app_start -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Today · 2026-11-02"

keys F2
wait_for "Search: code, guest name, room"
keys -l "hart"
keys Enter
wait_for "HV-1001 Amelia Hart"
wait_for "Enter Open"
# The results have the focus: the next name is typed over them.
keys -l " Jacques r"
wait_for "Search: hart Jacques r"
sleep 0.3
screen | grep -qF "[exited" && fail "a q typed over the results quit the app"
screen | grep -qF "Searching for" && fail "an r typed over the results searched again"
pass "typing a name over Search's results edits the query; q and r run nothing"

keys C-u
wait_gone "Search: hart"
keys -l "muller"
keys Enter
wait_for "Müller"
screen | grep -q "^Guests  *[1-9]" || fail "\"muller\" found no guests"
keys C-u
keys -l "mueller"
keys Enter
wait_for "Search: mueller"
wait_gone "Searching for"
wait_for "Müller"
pass "\"muller\" and \"mueller\" find Müller"

keys C-u
keys -l "201"
keys Enter
wait_for "Room 201 tonight"
screen | grep -A1 "Room 201 tonight" | grep -q "HV-1003 Yuki Tanaka.*In house" \
  || fail "room 201 does not show Yuki Tanaka, in house"
keys Enter
wait_for "Reservation HV-1003"
pass "a room number finds the guest staying in it tonight, and Enter opens the reservation"

keys Escape
wait_for "Room 201 tonight"
keys F10
wait_for "[exited" 10
pass "F10 quits from Search"
