#!/usr/bin/env bash
# Undo on My tasks: within 10 seconds `u` sends the inverse change and leaves the task as it
# was; after 10 seconds the key does nothing.
source "$(dirname "$0")/lib.sh" "$1"

writes() { demo_admin GET /demo/stats | json "d['writes_applied'].get('tasks.status', 0)"; }

start_demo "$E2E_TMP/demo"
pair_device housekeeper

app_start -- "$BIN_DIR/guestcraft"
wait_for "4 My tasks"
keys F4
wait_for "101  ▲ Departure clean"
wait_for "○ Open"
keys s
wait_for "Undo ("
wait_for "◐ In progress"
keys u
wait_gone "Undo ("
wait_for "All sent"
screen | grep -E "^101 " | grep -qF "○ Open" || fail "the task is not open again"
[ "$(writes)" = 2 ] || fail "task writes: $(writes)"
pass "u within 10 seconds sends the inverse change; the task is as it was"

keys s
wait_for "Undo (9 s)"
wait_gone "Undo (" 15
keys u
sleep 1
[ "$(writes)" = 3 ] || fail "task writes after the window: $(writes)"
screen | grep -E "^101 " | grep -qF "◐ In progress" || fail "u changed the task after 10 seconds"
pass "after 10 seconds u does nothing"
keys q
wait_for "[exited"
