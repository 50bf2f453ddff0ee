#!/usr/bin/env bash
# The app's shell against the real demo instance: pair by pasting a link, confirm the instance,
# choose the property, see the tab bar; ? shows the keys; resize to 40x12 and below and back;
# q gives the terminal back.
source "$(dirname "$0")/lib.sh" "$1"

start_demo "$E2E_TMP/demo"
LINK="$(pairing_link supervisor)"
[[ "$LINK" == http://127.0.0.1:*/mobile/pair#gcp_* ]] || fail "no pairing link: $LINK"

app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "Connect to a GuestCraft instance"
[ "$(tmux -L "$TMUX_SOCKET" display -p -t app '#{alternate_on}')" = 1 ] || fail "the app did not take the alternate screen"
pass "a fresh device opens on Connect"

paste_text "$LINK"
wait_for "Pair this device with this instance?"
wait_for "Harbour View Demo"
wait_for "${DEMO_URL#http://}"
pass "the pasted link shows the instance's name and host before the code is sent"

keys y
wait_for "Choose a property"
wait_for "Garden Court Hotel"
keys Down Enter
wait_for " 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account"
wait_for "Harbour View Demo · Harbour View Hotel"
pass "confirmed, the property chosen: the tab bar follows the capabilities"

keys F5
wait_for "Samir Haddad"
wait_for "Sign out"
keys '?'
wait_for "Switch tab (also F1–F5)"
wait_for "Sign out"
keys Escape
wait_gone "Switch tab (also F1–F5)"
pass "? shows the keys of the screen"

resize 40 12
wait_for "Harbour View Demo · Harbour"
wait_for "Signed in  Samir Haddad"
resize 30 10
wait_for "Make the window larger"
resize 80 24
wait_for " 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account"
pass "40x12 fits, smaller asks for a larger window, and back"

keys q
wait_for "[exited 0]"
[ "$(tmux -L "$TMUX_SOCKET" display -p -t app '#{alternate_on}')" = 0 ] || fail "the alternate screen is still on after q"
screen | grep -qF "Samir Haddad" && fail "the app's screen is still shown after q"
pass "q gives the terminal back"

STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[ "$STATUS" = "$(printf '%s\t%s\t%s\t%s' "${DEMO_URL#http://}" "Samir Haddad" "GuestCraft Demo Hotels" "0 to send, 0 to review")" ] \
  || fail "status printed: $STATUS"
pass "guestcraft status lists the paired account"

# SIGTERM and a lost terminal give the terminal back and end the program.
app_pid() {
  local pane; pane="$(tmux -L "$TMUX_SOCKET" display -p -t app '#{pane_pid}')"
  pgrep -P "$pane" -x guestcraft | head -1
}
app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for " 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account"
kill -TERM "$(app_pid)"
wait_for "[exited 143]"
[ "$(tmux -L "$TMUX_SOCKET" display -p -t app '#{alternate_on}')" = 0 ] || fail "the alternate screen is still on after SIGTERM"
pass "SIGTERM gives the terminal back"

app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for " 1 Today  2 Search  3 Housekeeping  4 My tasks  5 Account"
PID="$(app_pid)"
app_stop
deadline=$((SECONDS + 10))
while kill -0 "$PID" 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || fail "the app kept running after its terminal went away"
  sleep 0.05
done
grep -qE "signal 1: leaving|terminal gone: leaving" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log does not say why the app left"
pass "a lost terminal ends the app"
