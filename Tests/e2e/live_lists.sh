#!/usr/bin/env bash
# Live lists (#19): an open list follows the instance on its own. Housekeeping at 40×12 as the
# housekeeper: the desk (the demo's admin) makes room 102 clean; within 20 s and without a key
# the row shows it, marked "• changed", with the focus still on the room it was on. Nothing
# changing, the reads that follow are conditional (304). My tasks: a task started on another
# device shows as in progress on this one. The header says how fresh the list is.
source "$(dirname "$0")/lib.sh" "$1"

stat() { demo_admin GET /demo/stats | json "d['$1'].get('$2', 0)"; }
focused_line() { local y; y="$(cursor)"; y="${y#*,}"; screen | sed -n "$((y + 1))p"; }

start_demo "$E2E_TMP/demo"
pair_device housekeeper
app_start 40x12 -- "$BIN_DIR/guestcraft"
wait_for "Rooms"
wait_for "101 F1"
keys j j
sleep 0.5
before_focus="$(focused_line)"
case "$before_focus" in 103*) ;; *) fail "the focus is not on room 103: $before_focus" ;; esac
screen | grep -E "^102 " | grep -q "Dirty" || fail "room 102 is not dirty to begin with"

demo_admin POST /demo/units/102/housekeeping '{"status": "clean"}' >/dev/null
started=$SECONDS
until screen | grep -E "^102 " | grep -q "Clean"; do
  [ $((SECONDS - started)) -lt 20 ] || fail "room 102 did not show clean within 20 s"
  sleep 0.2
done
screen | grep -E "^102 " | grep -q "• changed" || fail "room 102 is not marked changed"
[ "$(focused_line)" = "$before_focus" ] || fail "the focus moved: $(focused_line)"
pass "room 102 changed at the desk shows clean within $((SECONDS - started)) s, marked, focus kept on 103"
wait_for "updated"
pass "the header says how fresh the list is: $(screen | grep -o 'updated[^·]*' | head -1)"

# Nothing changes: the next read is a 304, and the mark goes with it.
not_modified="$(stat not_modified units.list)"
deadline=$((SECONDS + 20))
until [ "$(stat not_modified units.list)" -gt "$not_modified" ]; do
  [ $SECONDS -lt $deadline ] || fail "no conditional read answered 304 within 20 s"
  sleep 0.5
done
wait_gone "• changed" 5
pass "a read that found nothing new was answered 304 ($(stat not_modified units.list) so far); the mark is gone"

# The room's detail follows too, and says the room changed.
keys k Enter
wait_for "Room 102"
demo_admin POST /demo/units/102/housekeeping '{"status": "dirty"}' >/dev/null
wait_for "Room 102 changed at the instance" 20
pass "the open detail of room 102 says it changed at the instance"
keys Escape
app_stop

# My tasks: another device of the housekeeper starts the first task; this one follows.
OTHER_HOME="$E2E_TMP/other"
GUESTCRAFT_HOME="$OTHER_HOME" pair_device housekeeper
app_start 80x24 -- "$BIN_DIR/guestcraft"
wait_for "4 My tasks"
keys F4
wait_for "My tasks"
wait_for "○ Open"
first="$(screen | grep -m1 -E '^[0-9]{3} ' | cut -c1-4)"
[ -n "$first" ] || fail "no task is listed"
tmux -L "$TMUX_SOCKET" new-session -d -s other -x 80 -y 24 \
  "env GUESTCRAFT_HOME=$(printf %q "$OTHER_HOME") TERM=xterm-256color $(printf %q "$BIN_DIR/guestcraft"); sleep 600"
other() { tmux -L "$TMUX_SOCKET" send-keys -t other "$@"; }
other_screen() { tmux -L "$TMUX_SOCKET" capture-pane -p -t other; }
deadline=$((SECONDS + 15))
until other_screen | grep -qF "4 My tasks"; do [ $SECONDS -lt $deadline ] || fail "the other device did not open"; sleep 0.1; done
other F4
deadline=$((SECONDS + 15))
# My tasks itself, not Housekeeping before F4 is taken (its room rows start with the same number,
# and an `s` sent then went to Housekeeping: CI once failed so).
until other_screen | grep -qF "My tasks of" && other_screen | grep -E "^$first" | grep -qF "Open"; do
  [ $SECONDS -lt $deadline ] || fail "the other device shows no tasks"; sleep 0.1
done
other s
started=$SECONDS
until screen | grep -E "^$first" | grep -q "In progress"; do
  # The other device's send, then at most one interval (15 s) and one tick (5 s) here: 20 s was
  # exceeded once in a full run.
  [ $((SECONDS - started)) -lt 25 ] || fail "the task started on the other device did not show within 25 s"
  sleep 0.2
done
screen | grep -E "^$first" | grep -q "• changed" || fail "the task is not marked changed"
pass "a task started on another device shows in progress within $((SECONDS - started)) s, marked"
app_stop
