#!/usr/bin/env bash
# Connect refuses what is not a usable GuestCraft instance, each refusal with its own sentence;
# pairing the person this device is already signed in as is refused ("switch to that account"),
# another person of the same instance is added as an account of its own.
source "$(dirname "$0")/lib.sh" "$1"

# Something that answers HTTP but is not GuestCraft.
mkdir -p "$E2E_TMP/www"
echo "hello" > "$E2E_TMP/www/index.html"
python3 -m http.server 0 --bind 127.0.0.1 --directory "$E2E_TMP/www" >"$E2E_TMP/www.out" 2>&1 &
E2E_PIDS+=("$!")
deadline=$((SECONDS + 10))
until grep -q "port" "$E2E_TMP/www.out" 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || fail "the plain HTTP server did not start"
  sleep 0.05
done
WWW_PORT="$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$E2E_TMP/www.out" | head -1)"

app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "Connect to a GuestCraft instance"

keys "http://127.0.0.1:$WWW_PORT" Enter
wait_for "This address is not a GuestCraft instance."
pass "a server that is not GuestCraft is refused with its sentence"

keys Escape
keys "http://127.0.0.1:1" Enter
wait_for "Nothing answered at this address."
pass "an address where nothing answers is refused with its sentence"

keys Escape
keys "http://hotel.example.com" Enter
wait_for "This address does not use HTTPS."
pass "plain http to a host that is not loopback is refused"

keys Escape Escape q
wait_for "[exited 0]"

# An instance without front desk: no Today, no Search.
start_demo "$E2E_TMP/demo" --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
LINK="$(pairing_link housekeeper)"
app_stop
app_start -- "$BIN_DIR/guestcraft" pair "$LINK" --yes --device-name "e2e handheld"
wait_for "[exited 0]"
screen | grep -qF "Paired with Harbour View Demo" || fail "pair --yes did not pair"
pass "guestcraft pair --yes pairs without the full screen"

LINK2="$(pairing_link housekeeper)"
app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Demo · Harbour View Hotel"
wait_for " 3 Housekeeping  4 My tasks  5 Account"
screen | grep -qF "1 Today" && fail "Today shows without front_desk"
screen | grep -qF "2 Search" && fail "Search shows without reservations"
pass "the saved instance opens on its only property; the tabs follow the capabilities"
keys F5
wait_for "Switch instance"
keys i
wait_for "Connect to a GuestCraft instance"
paste_text "$LINK2"
wait_for "Pair this device with this instance?"
keys y
wait_for "already signed in to this instance as Hana Kowalski — switch to"
pass "pairing the same person again is refused: switch to that account"
keys Escape
wait_for "Saved instances"
keys q
wait_for "[exited 0]"

SENT="$("$BIN_DIR/guestcraft" send)" || fail "send with nothing waiting did not exit 0"
[ "$SENT" = "${DEMO_URL#http://} · Hana Kowalski: 0 sent, 0 to send, 0 to review" ] || fail "send printed: $SENT"
pass "guestcraft send with nothing waiting exits 0"

stop_demo
app_stop
app_start -- "$BIN_DIR/guestcraft"
wait_for "Harbour View Demo · Harbour View Hotel"
wait_for "Offline"
pass "with the instance stopped, the app opens on its saved property, offline"
keys q
wait_for "[exited 0]"

# Another person of the same instance is added beside Hana; the same person again is refused.
start_demo "$E2E_TMP/demo" --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks \
  --port "${DEMO_URL##*:}"
pair_device supervisor
OUT="$("$BIN_DIR/guestcraft" pair "$(pairing_link supervisor)" --yes 2>&1)" && fail "the same person paired twice: $OUT"
[[ "$OUT" == *"already signed in to this instance as Samir Haddad — switch to that account."* ]] || fail "pair printed: $OUT"
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[ "$(grep -c . <<<"$STATUS")" = 2 ] && grep -qF "Hana Kowalski" <<<"$STATUS" && grep -qF "Samir Haddad" <<<"$STATUS" \
  || fail "status printed: $STATUS"
pass "another person is added as an account of its own; the same person again is refused"
