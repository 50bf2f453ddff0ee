#!/usr/bin/env bash
# `guestcraft --demo` on a fresh state directory opens the demo hotel with its tabs in one
# command; the idle app uses no CPU; a second start keeps the data and the session; --as
# signs in as another member.
source "$(dirname "$0")/lib.sh" "$1"

app_start -- "$BIN_DIR/guestcraft" --demo --rooms 40
wait_for " 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account" 30
wait_for "Harbour View Demo · Garden Court Hotel"
wait_for "Demo hotel running in this app at 127.0.0.1:"
pass "--demo opens the demo hotel, signed in as the supervisor, with every tab"

PANE_PID="$(tmux -L "$TMUX_SOCKET" display -p -t app '#{pane_pid}')"
APP_PID="$(pgrep -P "$PANE_PID" -x guestcraft | head -1)"
[ -n "$APP_PID" ] || fail "no guestcraft process under the pane"
cpu() { awk '{print $14 + $15}' "/proc/$APP_PID/stat"; }
sleep 1
BEFORE="$(cpu)"
sleep 3
AFTER="$(cpu)"
[ $((AFTER - BEFORE)) -le 1 ] || fail "the idle app used $((AFTER - BEFORE)) clock ticks in 3 s"
pass "idle, the app uses no CPU ($((AFTER - BEFORE)) ticks in 3 s)"

keys q
wait_for "[exited 0]"
grep -c "demo: paired as supervisor" "$GUESTCRAFT_HOME/guestcraft.log" | grep -qx 1 || fail "not paired once"

app_stop
app_start -- "$BIN_DIR/guestcraft" --demo
wait_for "Harbour View Demo · Garden Court Hotel" 30
keys F5
wait_for "Samir Haddad"
keys q
wait_for "[exited 0]"
grep -c "demo: paired as supervisor" "$GUESTCRAFT_HOME/guestcraft.log" | grep -qx 1 || fail "a second start paired again"
pass "a second start keeps the demo's data and this device's session"

app_stop
app_start -- "$BIN_DIR/guestcraft" --demo --as housekeeper
wait_for "Harbour View Demo · Harbour View Hotel" 30
keys F5
wait_for "Hana Kowalski"
keys q
wait_for "[exited 0]"
pass "--as housekeeper signs the supervisor out and pairs as the housekeeper"
[ "$(stat -c %a "$GUESTCRAFT_HOME/demo")" = 700 ] || fail "the demo's data directory is not 0700"
