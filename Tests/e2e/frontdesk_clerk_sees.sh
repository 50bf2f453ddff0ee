#!/usr/bin/env bash
# What a clerk must see (#30), against guestcraft-demo serve on its fixed date: a click on a
# focused row opens it (a click on another row only focuses it); the reservation lists its folio's
# charges and payments under the balance; check-out and check-in show the reservation's notes
# ("Late arrival, around 22:00."), at 80x24 and on a 40x12 handheld.
source "$(dirname "$0")/lib.sh" "$1"

# click TEXT: a mouse press and release (SGR, as xterm sends them) on the first screen line
# holding TEXT.
click() {
  local line
  line="$(screen | grep -nF -- "$1" | head -1 | cut -d: -f1)"
  [ -n "$line" ] || fail "no line shows: $1"
  keys -l $'\e[<0;3;'"$line"'M'$'\e[<0;3;'"$line"'m'
}
cursor_line() { screen | sed -n "$(( $(cursor | cut -d, -f2) + 1 ))p"; }

start_desk frontdesk

# One click on Jonas Weber's departure moves the focus there; Today stays on screen.
wait_for "102  Jonas Weber · HV-1002"
click "102  Jonas Weber · HV-1002"
deadline=$((SECONDS + 5))
until cursor_line | grep -qF "Jonas Weber"; do
  [ $SECONDS -lt $deadline ] || fail "a click did not focus Jonas Weber's stay"
  sleep 0.05
done
screen | grep -qF "Reservation HV-1002" && fail "a click on a row without the focus opened it"
# A second click on the focused row opens it, as Enter does.
click "102  Jonas Weber · HV-1002"
wait_for "Reservation HV-1002"
pass "a click focuses a stay, a click on the focused stay opens its reservation"

# The folio's lines under the balance, as docs/api.md's folios.balance has them.
wait_for "Balance EUR 121.50"
wait_for "Charges"
screen | grep -qE '^  2026-10-30 Room 102, Double +EUR 129\.00$' || fail "the first night's charge is not listed"
screen | grep -qE '^  2026-11-01 Minibar +EUR 14\.50$' || fail "the minibar is not listed"
screen | grep -qF "Payments" || fail "no payments heading"
screen | grep -qE '^  2026-10-30 Card +EUR 280\.00$' || fail "the card payment is not listed"
pass "the reservation lists the folio's charges and payments"

keys o
wait_for "Check out room 102"
wait_for "Notes Invoice to Weber Logistik GmbH."
wait_for "Would remain owed EUR 121.50"
pass "check-out shows the reservation's notes"
keys Escape
wait_for "Reservation HV-1002"
keys Escape
wait_for "Today · 2026-11-02"

click "101  Amelia Hart · HV-1001"
deadline=$((SECONDS + 5))
until cursor_line | grep -qF "Amelia Hart"; do
  [ $SECONDS -lt $deadline ] || fail "a click did not focus Amelia Hart's stay"
  sleep 0.05
done
click "101  Amelia Hart · HV-1001"
wait_for "Reservation HV-1001"
wait_for "Room 101 · Double"
keys c
wait_for "Check in room 101"
wait_for "Notes Late arrival, around 22:00."
notes="$(screen | grep -nF "Notes Late arrival" | cut -d: -f1)"
checks="$(screen | grep -nF "The instance checks:" | cut -d: -f1)"
[ "$notes" -lt "$checks" ] || fail "the notes come after the checks"
wait_for "Room status"
resize 40 12
wait_for "Notes Late arrival, around 22:00."
wait_for "Room status"
pass "check-in shows the notes above the checks, all of them on 40x12 too"
keys Escape
resize 80 24

quit_app
