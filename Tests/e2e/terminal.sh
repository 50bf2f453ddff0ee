#!/usr/bin/env bash
# What only a real terminal shows (#33: the rest of the shell is AppFlowTests/ShellFlowTests):
# the app takes the alternate screen; a link pasted through the terminal's bracketed paste pairs;
# a real SIGWINCH to 40x12, smaller and back redraws; the mouse bytes xterm sends for one click
# (an SGR press and its release) reach the app through ncurses as one click at the right cell
# (#30: a click on a row focuses it, a click on the focused row opens it; the rest of what a
# clerk sees is AppFlowTests/FrontDeskClerkSeesFlowTests); idle, the app uses no CPU; q,
# SIGTERM and a lost terminal each give the terminal back and end the program.
source "$(dirname "$0")/lib.sh" "$1"

alternate() { tmux -L "$TMUX_SOCKET" display -p -t app '#{alternate_on}'; }
app_pid() {
  local pane; pane="$(tmux -L "$TMUX_SOCKET" display -p -t app '#{pane_pid}')"
  pgrep -P "$pane" -x guestcraft | head -1
}
TABS=" 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account"
# click TEXT: a mouse press and release (SGR, as xterm sends them) on the first line holding TEXT.
click() {
  local line
  line="$(screen | grep -nF -- "$1" | head -1 | cut -d: -f1)"
  [ -n "$line" ] || fail "no line shows: $1"
  keys -l $'\e[<0;3;'"$line"'M'$'\e[<0;3;'"$line"'m'
}
cursor_line() { screen | sed -n "$(( $(cursor | cut -d, -f2) + 1 ))p"; }

start_demo "$E2E_TMP/demo"
app_start -- "$BIN_DIR/guestcraft"
wait_for "Connect to a GuestCraft instance"
[ "$(alternate)" = 1 ] || fail "the app did not take the alternate screen"
pass "a fresh device opens on Connect, on the alternate screen"

paste_text "$(pairing_link supervisor)"
wait_for "Pair this device with this instance?"
keys y
wait_for "Choose a property"
keys Down Enter
wait_for "$TABS"
pass "a link pasted through the terminal's bracketed paste pairs"

resize 40 12
wait_for "Harbour View Demo · Harbour"
resize 30 10
wait_for "Make the window larger"
resize 80 24
wait_for "$TABS"
pass "a real resize to 40x12, smaller and back redraws"

keys F1
wait_for "102  Jonas Weber · HV-1002"
click "102  Jonas Weber · HV-1002"
wait_until "a click focuses Jonas Weber's stay" 'cursor_line | grep -qF "Jonas Weber"'
screen | grep -qF "Reservation HV-1002" && fail "a click on a row without the focus opened it"
click "102  Jonas Weber · HV-1002"
wait_for "Reservation HV-1002"
keys Escape
wait_for "$TABS"
pass "a click through the terminal focuses a stay, a click on the focused stay opens it"

PID="$(app_pid)"
cpu() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
sleep 1   # the start's and the click's last work ends
BEFORE="$(cpu)"
sleep 3
AFTER="$(cpu)"
[ $((AFTER - BEFORE)) -le 1 ] || fail "the idle app used $((AFTER - BEFORE)) clock ticks in 3 s"
pass "idle, the app uses no CPU ($((AFTER - BEFORE)) ticks in 3 s)"

keys q
wait_for "[exited 0]"
[ "$(alternate)" = 0 ] || fail "the alternate screen is still on after q"
screen | grep -qF "Samir Haddad" && fail "the app's screen is still shown after q"
pass "q gives the terminal back"

app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "$TABS"
kill -TERM "$(app_pid)"
wait_for "[exited 143]"
[ "$(alternate)" = 0 ] || fail "the alternate screen is still on after SIGTERM"
pass "SIGTERM gives the terminal back"

app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "$TABS"
PID="$(app_pid)"
app_stop
wait_until "the app ends after its terminal went away" "! kill -0 $PID 2>/dev/null"
grep -qE "signal 1: leaving|terminal gone: leaving" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log does not say why the app left"
pass "a lost terminal ends the app"
