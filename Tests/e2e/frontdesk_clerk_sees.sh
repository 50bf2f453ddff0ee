#!/usr/bin/env bash
# A click through a real terminal (#30), against guestcraft-demo serve on its fixed date: the
# mouse bytes xterm sends for one click (an SGR press and its release) reach the app through
# ncurses (mousemask, getmouse) as one click at the right cell: a click on a row focuses it, a
# click on the focused row opens it. Only a terminal shows this; the rest of what a clerk must see
# (the folio's lines, the notes at check-out and check-in, 40x12) and the clicks' meaning are
# Tests/AppFlowTests/FrontDeskClerkSeesFlowTests.swift (#33).
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

quit_app
