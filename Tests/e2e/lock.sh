#!/usr/bin/env bash
# The PIN lock (#15) against the real demo instance: the supervisor makes a change offline, sets a
# PIN in Account; the idle time (--lock-idle-seconds) locks the screen, and the pane's whole
# capture with its scrollback and the window title hold no room or guest of the screen before;
# resized it stays locked; the PIN unlocks; Ctrl-X locks at once; 6 wrong PINs show the wait,
# Ctrl-C and Ctrl-Z do not leave; SIGHUP and SIGTERM keep the saved change, a start opens locked
# with the wait kept; while locked the outbox sends the change once; no PIN in the log, the PIN
# file holds one Argon2id string, 0600.
source "$(dirname "$0")/lib.sh" "$1"

PIN=73915
WRONG=86420
# Digits one key at a time: keys typed in one send-keys arrive as one read (a scanner's burst).
type_slowly() {
  local text="$1" i
  for ((i = 0; i < ${#text}; i++)); do keys "${text:i:1}"; sleep 0.15; done
}
app_pid() {
  local pane; pane="$(tmux -L "$TMUX_SOCKET" display -p -t app '#{pane_pid}')"
  pgrep -P "$pane" -x guestcraft | head -1
}
full_capture() { tmux -L "$TMUX_SOCKET" capture-pane -p -S - -t app; }
# The room numbers and guest names the screens showed before the lock.
assert_nothing_underneath() {
  local what="$1" text
  text="$(full_capture)"
  for word in "Amelia Hart" "Jonas Weber" "HV-100" "101" "102" "203" "Arrivals" "Dirty" "Clean" "to send"; do
    grep -qF -- "$word" <<<"$text" && fail "$what: the pane's capture (with scrollback) shows $word"
  done
  local title; title="$(tmux -L "$TMUX_SOCKET" display -p -t app '#{pane_title}')"
  [ "$title" = "GuestCraft Terminal" ] || fail "$what: the window title is: $title"
  return 0
}
applied() { demo_admin GET /demo/stats | json "d['writes_applied'].get('$1', 0)"; }

# The app's screen is drawn on the terminal's normal screen, not an alternate one (as on a
# terminal without one): what it drew before the lock would scroll into the pane's history.
tmux -L "$TMUX_SOCKET" set-option -g alternate-screen off

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
pair_device supervisor
app_start 80x24 -- env GUESTCRAFT_RETRY_CAP_SECONDS=2 "$BIN_DIR/guestcraft" --lock-idle-seconds 3
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Amelia Hart · HV-1001"
keys F3
wait_for "101 F1  Arriving"

# Offline, a room is marked clean: a change saved on the device, waiting.
stop_demo
jump_to 102
keys c
wait_for "1 to send" 20
pass "offline, a change waits to be sent"

# Before a PIN the idle time locks nothing; Ctrl-X says where to set one.
sleep 4
screen | grep -qF "Locked" && fail "the screen locked without a PIN"
keys C-x
wait_for "Set a PIN in Account to lock the screen."
keys F5
wait_for "Set a PIN"
keys p
wait_for "Type a new PIN of 4 to 12 digits"
type_slowly "$PIN"
screen | grep -qF "$PIN" && fail "the PIN is shown while typed"
wait_for "•••••"
keys Enter
wait_for "Type the new PIN again"
type_slowly "$PIN"
keys Enter
wait_for "PIN saved. The screen locks after 3 seconds without a key"
keys F1
wait_for "Amelia Hart · HV-1001"
pass "a PIN set in Account, typed twice, never shown"

# The idle time locks; nothing of the screen before is on screen, in the scrollback or the title.
wait_for "Locked — type your PIN" 10
wait_for "Samir Haddad"
wait_for "Harbour View Demo"
assert_nothing_underneath "after the idle time"
resize 40 12
sleep 0.5
wait_for "Locked — type your PIN"
assert_nothing_underneath "resized to 40x12"
resize 80 24
wait_for "Locked — type your PIN"
pass "the idle time locks: only the instance, the person and the PIN field, nothing in the scrollback or title"

type_slowly "$PIN"
keys Enter
wait_for "Amelia Hart · HV-1001"
pass "the PIN unlocks on the screen left"

keys C-x
wait_for "Locked — type your PIN"
assert_nothing_underneath "after Ctrl-X"
pass "Ctrl-X locks at once"

for try in 1 2 3 4 5 6; do
  type_slowly "$WRONG"
  keys Enter
  if [ "$try" -lt 5 ]; then wait_for "That is not the PIN. $((5 - try)) more tr"; fi
  sleep 0.3
done
wait_for "Too many wrong PINs: wait "
SECONDS_LEFT="$(screen | sed -n 's/.*Too many wrong PINs: wait \([0-9]*\) s\..*/\1/p')"
[ -n "$SECONDS_LEFT" ] && [ "$SECONDS_LEFT" -le 30 ] && [ "$SECONDS_LEFT" -gt 20 ] || fail "the wait says $SECONDS_LEFT s"
sleep 1.5
SECONDS_LATER="$(screen | sed -n 's/.*Too many wrong PINs: wait \([0-9]*\) s\..*/\1/p')"
[ "$SECONDS_LATER" -lt "$SECONDS_LEFT" ] || fail "the seconds left do not count down ($SECONDS_LEFT, $SECONDS_LATER)"
keys C-c
sleep 0.3
keys C-z
sleep 0.5
screen | grep -qF "[exited" && fail "Ctrl-C or Ctrl-Z ended the locked app"
wait_for "Locked — type your PIN"
pass "6 wrong PINs: the wait with its seconds left; Ctrl-C and Ctrl-Z do not leave the lock"

# SIGHUP (the SSH connection lost): the app ends and keeps the change; a start opens locked, the wait kept.
kill -HUP "$(app_pid)"
wait_for "[exited 129]"
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[[ "$STATUS" == *"1 to send, 0 to review"* ]] || fail "after SIGHUP status printed: $STATUS"
app_stop
app_start 80x24 -- env GUESTCRAFT_RETRY_CAP_SECONDS=2 "$BIN_DIR/guestcraft" --lock-idle-seconds 3
wait_for "Locked — type your PIN"
wait_for "Too many wrong PINs: wait "
assert_nothing_underneath "a start after SIGHUP"
pass "after SIGHUP the change is kept, and a start opens locked with the wait kept"

# Locked, the outbox sends once the instance is back.
start_demo "$E2E_TMP/demo" --port "$PORT"
deadline=$((SECONDS + 30))
until "$BIN_DIR/guestcraft" status | grep -qF "0 to send, 0 to review"; do
  [ $SECONDS -lt $deadline ] || fail "the locked app did not send: $("$BIN_DIR/guestcraft" status)"
  sleep 0.3
done
wait_for "Locked — type your PIN"
[ "$(applied units.housekeeping)" = 1 ] || fail "the room change was applied $(applied units.housekeeping) times"
pass "while locked the outbox sent the change, applied once"

kill -TERM "$(app_pid)"
wait_for "[exited 143]"
pass "SIGTERM ends the locked app"

grep -qF "$PIN" "$GUESTCRAFT_HOME/guestcraft.log" && fail "the log holds the PIN"
grep -qF "$WRONG" "$GUESTCRAFT_HOME/guestcraft.log" && fail "the log holds a wrong PIN"
grep -qF "lock: a wrong PIN (5 in a row)" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log does not say a wrong PIN was typed"
[ "$(wc -l <"$GUESTCRAFT_HOME/pins")" = 1 ] || fail "pins: $(cat "$GUESTCRAFT_HOME/pins")"
grep -qE '^ins_[0-9a-f]{16}/usr_supervisor \$argon2id\$v=19\$m=65536,t=2,p=1\$[^ ]+$' "$GUESTCRAFT_HOME/pins" \
  || fail "pins: $(cat "$GUESTCRAFT_HOME/pins")"
grep -qF "$PIN" "$GUESTCRAFT_HOME/pins" "$GUESTCRAFT_HOME/preferences.json" && fail "a file holds the PIN"
[ "$(stat -c %a "$GUESTCRAFT_HOME/pins")" = 600 ] || fail "pins is $(stat -c %a "$GUESTCRAFT_HOME/pins")"
pass "no PIN in the log or any file; the PIN file holds one Argon2id string, 0600"
