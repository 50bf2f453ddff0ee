#!/usr/bin/env bash
# What of the PIN lock (#15) only a real terminal shows (the rest is AppFlowTests/LockFlowTests,
# #33): the idle time (--lock-idle-seconds) locks the screen, and the pane's whole capture with
# its scrollback and the window title hold no room or guest of the screens before, resized too;
# Ctrl-C and Ctrl-Z as the tty sends them do not leave the lock; after SIGHUP a start opens
# locked, nothing underneath; SIGTERM ends the locked app.
source "$(dirname "$0")/lib.sh" "$1"

PIN=73915
WRONG=86420
# Digits one key at a time: keys typed in one send-keys arrive as one read (a scanner's burst).
type_slowly() {
  local text="$1" i
  for ((i = 0; i < ${#text}; i++)); do keys "${text:i:1}"; nap 0.15; done
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

# The app's screen is drawn on the terminal's normal screen, not an alternate one (as on a
# terminal without one): what it drew before the lock would scroll into the pane's history.
tmux -L "$TMUX_SOCKET" set-option -g alternate-screen off

start_demo "$E2E_TMP/demo"
pair_device supervisor
app_start 80x24 -- "$BIN_DIR/guestcraft" --lock-idle-seconds 2
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Amelia Hart · HV-1001"
keys F3
wait_for "101 F1  Arriving"
keys F5
wait_for "Set a PIN"
keys p
wait_for "Type a new PIN of 4 to 12 digits"
type_slowly "$PIN"
wait_for "•••••"
keys Enter
wait_for "Type the new PIN again"
type_slowly "$PIN"
keys Enter
wait_for "PIN saved. The screen locks after 2 seconds without a key"
keys F1
wait_for "Amelia Hart · HV-1001"

# The idle time locks; nothing of the screen before is on screen, in the scrollback or the title.
wait_for "Locked — type your PIN" 10
wait_for "Samir Haddad"
assert_nothing_underneath "after the idle time"
resize 40 12
wait_for "Locked — type your PIN"
assert_nothing_underneath "resized to 40x12"
resize 80 24
wait_for "Locked — type your PIN"
pass "the idle time locks: only the instance, the person and the PIN field, nothing in the scrollback or title"

# Ctrl-C and Ctrl-Z as the tty sends them; a digit after them shows they were read, and did nothing.
keys C-c C-z 1
wait_for "•"
screen | grep -qF "[exited" && fail "Ctrl-C or Ctrl-Z ended the locked app"
wait_for "Locked — type your PIN"
pass "Ctrl-C and Ctrl-Z do not leave the lock"

kill -HUP "$(app_pid)"
wait_for "[exited 129]"
app_stop
app_start 80x24 -- "$BIN_DIR/guestcraft" --lock-idle-seconds 2
wait_for "Locked — type your PIN"
assert_nothing_underneath "a start after SIGHUP"
pass "after SIGHUP a start opens locked, nothing underneath"

kill -TERM "$(app_pid)"
wait_for "[exited 143]"
pass "SIGTERM ends the locked app"
