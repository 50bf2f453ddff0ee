#!/usr/bin/env bash
# Back online by itself (#30): as the front desk on Today, the instance stops (the screen says
# Offline, header and body); it starts again on the same port and data, and within 15 s, with no
# key pressed, Today is Online again — the header says so and the body no longer says "Offline".
# Then the same for Housekeeping as the housekeeper.
source "$(dirname "$0")/lib.sh" "$1"

# Online in the header and nothing in the body saying Offline.
online() { screen | head -1 | grep -qF "Online" && ! screen | grep -qF "Offline"; }

# back_online WHAT: the instance stops, the screen says Offline; it starts again on the same
# port and data, and WHAT is Online within 15 s without a key.
back_online() {
  local what="$1"
  stop_demo
  keys r   # the read that finds the instance gone (else the next one that follows, ≤ 17.5 s)
  wait_for "Offline · last updated" 20
  screen | head -1 | grep -qF "Offline" || fail "$what: the header does not say Offline"
  pass "$what: the instance stopped, header and body say Offline"
  sleep 3   # the app probes while offline: a few of its tries find nothing
  start_demo "$E2E_TMP/demo" --port "$PORT"
  [ "${DEMO_URL##*:}" = "$PORT" ] || fail "the demo did not start on port $PORT"
  local started=$SECONDS
  until online; do
    [ $((SECONDS - started)) -le 15 ] || fail "$what: not Online within 15 s of the instance answering again"
    sleep 0.1
  done
  pass "$what: Online again (header and body) $((SECONDS - started)) s after the instance answered, no key pressed"
}

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"

pair_device frontdesk
app_start -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel"
keys j Enter
wait_for "Today · 2026-11-02"
wait_for "Online"
back_online "Today (front desk)"
app_stop

rm -rf "$GUESTCRAFT_HOME"
pair_device housekeeper
app_start -- "$BIN_DIR/guestcraft"
wait_for "Rooms"
wait_for "101 F1"
wait_for "Online"
back_online "Housekeeping (housekeeper)"
app_stop
