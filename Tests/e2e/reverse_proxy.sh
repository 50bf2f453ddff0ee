#!/usr/bin/env bash
# The real network path: the demo behind Debian's nginx on loopback, as a hotel's instance sits
# behind a reverse proxy that terminates TLS (a private CA made here, trusted through
# GUESTCRAFT_CA_BUNDLE), speaks HTTP/2 and gzips JSON. Without --base-url the demo names the
# proxy's upstream address and pairing is refused naming api_base_url; with it the housekeeper
# pairs in the app through the proxy, opens Housekeeping, marks a room clean with nginx stopped
# (offline), and `guestcraft send` sends it through nginx again, once. nginx's access log shows
# HTTP/2.0 for every request, gzip-encoded answers and a 304 refresh; a gzip bomb from the proxy
# ends at the client's decoded-size cap with a sentence, not a crash.
source "$(dirname "$0")/lib.sh" "$1"
source "$(dirname "$0")/nginx.bash"
if ! nginx_available; then
  echo "skip [$E2E_NAME]: nginx not installed (apt-get install nginx-light; make deps installs it)"
  exit 0
fi

PROXY="$E2E_TMP/nginx"
nginx_tls "$PROXY"
CA="$PROXY/ca.pem"
NGINX_PORT="$(nginx_free_port)"
NGINX_BOMB_PORT="$(nginx_free_port)"
PUBLIC="https://127.0.0.1:$NGINX_PORT"
# proxy_up: nginx started, and ended with the test (lib.sh's cleanup ends E2E_PIDS).
proxy_up() { nginx_start "$PROXY" || fail "nginx did not start"; E2E_PIDS+=("$NGINX_PID"); }
app() { app_start -- env GUESTCRAFT_CA_BUNDLE="$CA" "$BIN_DIR/guestcraft"; }
# through LINK: the pairing link a demo gave, on the proxy's address instead.
through() { echo "$PUBLIC/mobile/pair#${1#*#}"; }

# As it was tried: the demo does not know its public address.
start_demo "$E2E_TMP/demo"
DEMO_PORT="${DEMO_URL##*:}"
nginx_configure "$PROXY" "$DEMO_PORT" || fail "nginx -t refused the configuration"
proxy_up
REFUSED="$(GUESTCRAFT_CA_BUNDLE="$CA" "$BIN_DIR/guestcraft" pair "$(through "$(pairing_link housekeeper)")" --yes 2>&1)" \
  && fail "pairing through the proxy was accepted while discovery names the upstream: $REFUSED"
[[ "$REFUSED" == *"(api_base_url)"* ]] || fail "the refusal does not name api_base_url: $REFUSED"
pass "without --base-url the demo behind nginx names its upstream address, refused naming api_base_url"
stop_demo

start_demo "$E2E_TMP/demo" --port "$DEMO_PORT" --base-url "$PUBLIC"
DISCOVERY="$(curl -sS --http2 --compressed --cacert "$CA" -D "$E2E_TMP/headers" "$PUBLIC/.well-known/guestcraft")"
[ "$(echo "$DISCOVERY" | json 'd["api_base_url"]')" = "$PUBLIC/api/v1" ] || fail "discovery through nginx: $DISCOVERY"
grep -q '^HTTP/2 200' "$E2E_TMP/headers" && grep -qi '^content-encoding: gzip' "$E2E_TMP/headers" \
  || fail "discovery did not come gzipped over HTTP/2: $(cat "$E2E_TMP/headers")"
pass "with --base-url $PUBLIC discovery names the proxy's address, over HTTP/2, gzipped"

LINK="$(pairing_link housekeeper)"
[[ "$LINK" == "$PUBLIC/mobile/pair#gcp_"* ]] || fail "the pairing link is not on the public address: $LINK"
app
wait_for "Connect to a GuestCraft instance"
paste_text "$LINK"
wait_for "Pair this device with this instance?"
wait_for "127.0.0.1:$NGINX_PORT"
keys y
wait_for "3 Housekeeping" 20
keys F3
wait_for "Rooms"
wait_for "101 F1"
wait_for "All sent"
keys F4
wait_for "My tasks of 2026-11-02"
wait_for "101  ▲ Departure clean"
keys F3 r
# refreshed_304: whether nginx logged a 304 to a refresh of the rooms.
refreshed_304() { grep -qE '^GET /api/v1/properties/prp_harbour/units HTTP/2.0 304 ' "$PROXY/access.log"; }
deadline=$((SECONDS + 15))
until refreshed_304; do [ $SECONDS -lt $deadline ] || fail "r read the rooms again without a 304"; sleep 0.1; done
quit_app
app_stop
pass "paired in the app through nginx (the private CA in GUESTCRAFT_CA_BUNDLE), Housekeeping and My tasks read, r a 304"

# Offline: the proxy goes away, the change waits.
nginx_stop
app
wait_for "3 Housekeeping" 20
keys F3
wait_for "Offline · last updated" 20
jump_to 101
keys c
wait_for "1 to send"
quit_app
app_stop
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[[ "$STATUS" == "127.0.0.1:$NGINX_PORT"*"1 to send, 0 to review" ]] || fail "status printed: $STATUS"
pass "with nginx stopped the room's change waits (status: 1 to send)"

proxy_up
SENT="$(GUESTCRAFT_CA_BUNDLE="$CA" "$BIN_DIR/guestcraft" send)" || fail "send did not send everything: $SENT"
[[ "$SENT" == *"1 sent"* ]] || fail "send printed: $SENT"
STATS="$(demo_admin GET /demo/stats)"
[ "$(echo "$STATS" | json 'd["writes_applied"].get("units.housekeeping", 0)')" = 1 ] || fail "room writes: $STATS"
STATUS="$("$BIN_DIR/guestcraft" status)" || fail "status failed"
[[ "$STATUS" == *"0 to send, 0 to review" ]] || fail "status after send printed: $STATUS"
pass "nginx back: guestcraft send sent the change through it, applied once"

LOG="$PROXY/access.log"
API="$(grep ' /api/v1/' "$LOG")"
[ -n "$API" ] || fail "nginx logged no API request"
grep -v ' HTTP/2.0 ' <<<"$API" && fail "a request did not go over HTTP/2"
grep -qE '^GET /api/v1/properties/prp_harbour/units HTTP/2.0 200 .*content_encoding=gzip' <<<"$API" \
  || fail "the rooms did not come gzipped: $API"
grep -qE '^PUT /api/v1/properties/prp_harbour/units/[^ ]+/housekeeping HTTP/2.0 200 ' <<<"$API" \
  || fail "the room's change is not in nginx's log: $API"
grep -qE '^GET /api/v1/properties/prp_harbour/tasks\?[^ ]* HTTP/2.0 200 .*content_encoding=gzip' <<<"$API" \
  || fail "the tasks did not come gzipped: $API"
pass "nginx's access log: every request HTTP/2.0, the rooms and tasks gzipped, the change sent"

# A gzip bomb from the proxy: 64 KB that expand to 64 MiB, past the client's 16 MiB cap.
BOMB_HOME="$E2E_TMP/bomb-home"
BOMB_LINK="https://127.0.0.1:$NGINX_BOMB_PORT/mobile/pair#gcp_$(printf 'A%.0s' $(seq 43))"
set +e
BOMB="$(GUESTCRAFT_HOME="$BOMB_HOME" GUESTCRAFT_CA_BUNDLE="$CA" "$BIN_DIR/guestcraft" pair "$BOMB_LINK" --yes 2>&1)"
CODE=$?
set -e
[ "$CODE" = 1 ] || fail "pair against the bomb exited $CODE: $BOMB"
[ "$BOMB" = "guestcraft: This address is not a GuestCraft instance." ] || fail "pair against the bomb said: $BOMB"
grep -qF "answer body over 16777216 bytes" "$BOMB_HOME/guestcraft.log" || fail "the log does not say why: $(cat "$BOMB_HOME/guestcraft.log")"
grep -qE '^GET /.well-known/guestcraft HTTP/2.0 200 65[0-9]{3} .*content_encoding=gzip' "$LOG" || fail "nginx did not serve the bomb"
pass "a gzip bomb through nginx stops at the decoded-size cap: a sentence, exit 1, the reason in the log"
