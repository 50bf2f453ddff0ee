#!/usr/bin/env bash
# An action the role cannot take is shown as such (issue #13): as the front desk (no
# housekeeping.write), Housekeeping shows d c i disabled with the reason, and `d` says why and
# sends nothing (the demo's stats show no write; nothing waits to be sent).
source "$(dirname "$0")/lib.sh" "$1"

writes() { demo_admin GET /demo/stats | json "d['writes_applied'].get('units.housekeeping', 0)"; }

start_demo "$E2E_TMP/demo"
pair_device frontdesk
app_start -- "$BIN_DIR/guestcraft"
wait_for "Choose a property"
wait_for "Harbour View Hotel"
keys Down Enter
wait_for "3 Housekeeping"
keys F3
wait_for "101 F1"
wait_for "d c i not your role"
before="$(writes)"
keys d
wait_for "Your role cannot change room status"
sleep 1
[ "$(writes)" = "$before" ] || fail "a room was changed by a role without housekeeping.write"
screen | grep -q "to send" && fail "a change waits to be sent"
pass "as the front desk, d shows the reason and sends nothing"
app_stop
