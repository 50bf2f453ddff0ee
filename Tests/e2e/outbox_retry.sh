#!/usr/bin/env bash
# Changes reach the instance when it comes back, without a key (issue #13): as the housekeeper,
# a room marked clean with the demo stopped waits; the demo starts again on the same data and
# port; with no key pressed the app's retries (capped here at 4 s by GUESTCRAFT_RETRY_CAP_SECONDS;
# 2 minutes by default) send it, the header says all is sent and `guestcraft status` shows 0.
source "$(dirname "$0")/lib.sh" "$1"

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
pair_device housekeeper
app_start -- env GUESTCRAFT_RETRY_CAP_SECONDS=4 "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
keys F3
wait_for "101 F1"
stop_demo
keys 1 0 2 Enter
sleep 0.3
keys c
wait_for "1 to send"
pass "offline, the change waits"
start_demo "$E2E_TMP/demo" --port "$PORT"
[ "${DEMO_URL##*:}" = "$PORT" ] || fail "the demo did not start on port $PORT"
wait_for "All sent" 30
pass "the waiting change was sent without a key once the instance came back"
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[[ "$STATUS" == *"0 to send, 0 to review"* ]] || fail "status printed: $STATUS"
pass "guestcraft status shows 0 to send"
app_stop
