#!/usr/bin/env bash
# SPEC §10 (#34): 50 waiting changes of 50 rooms over a link with 300 ms round trips: ≤ 3 s over
# HTTP/1.1, ≤ 1 s over HTTP/2; 1,000 queued room changes on loopback: ≤ 3 s. The app's outbox
# engine (guestcraft-bench outbox, in-process) sends changes queued as if made offline, through the
# bench's own forwarder acting as the slow link (every chunk forwarded half a round trip later each
# way; a new connection's first bytes one round trip later still, as TCP's handshake): straight to
# the demo over HTTP/1.1 (at most 6 connections), and through Debian's nginx with TLS and HTTP/2
# (one connection; Tests/e2e/nginx.bash, as proxy_refresh.sh). Each for the engine's default
# window and the WINDOWS listed (1: one after another, as before #34), RUNS times. The bars' model
# delays every request and answer (each chunk half a round trip each way); a real link also makes
# each new connection wait a round trip for TCP's handshake, measured too ("handshakes too").
# Usage: Benchmarks/outbox_latency.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
machine
ROUND_TRIP_MS="${ROUND_TRIP_MS:-300}"
CHANGES="${CHANGES:-50}"
RUNS="${RUNS:-3}"
WINDOWS="${WINDOWS:-32 1 8}"

# run_outbox LABEL CHANGES ROUND_TRIP WINDOW [options…]: one in-process send; prints the bench's
# figures and one line the summary reads.
run_outbox() {
  local label="$1" changes="$2" round_trip="$3" window="$4" link=(); shift 4
  [ "$round_trip" -gt 0 ] && link=(--round-trip-ms "$round_trip")
  "$BIN/guestcraft-bench" outbox --changes "$changes" "${link[@]}" --window "$window" "$@" | tee "$TMP/run.out"
  local ms sent connections
  ms="$(sed -n 's/^time: \([0-9]*\) ms for .*/\1/p' "$TMP/run.out")"
  sent="$(sed -n 's/^sent: \([0-9]*\) of .*/\1/p' "$TMP/run.out")"
  connections="$(sed -n 's/^client connections opened: //p' "$TMP/run.out")"
  echo "outbox latency ($label), $changes changes, $round_trip ms round trips, window $window: $ms ms, $sent sent, $connections connection(s)"
}

start_demo demo --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor
for window in $WINDOWS; do
  for run in $(seq 1 "$RUNS"); do
    echo "-- HTTP/1.1 straight to the demo, $CHANGES changes, $ROUND_TRIP_MS ms round trips, window $window, run $run"
    run_outbox "HTTP/1.1" "$CHANGES" "$ROUND_TRIP_MS" "$window" --admin-key-file "$DEMO_KEY_FILE"
  done
done
for run in $(seq 1 "$RUNS"); do
  echo "-- HTTP/1.1 straight to the demo, $CHANGES changes, $ROUND_TRIP_MS ms round trips and handshakes, window 32, run $run"
  run_outbox "HTTP/1.1, handshakes too" "$CHANGES" "$ROUND_TRIP_MS" 32 --handshake-ms "$ROUND_TRIP_MS"
done
for run in $(seq 1 "$RUNS"); do
  echo "-- loopback, 1000 changes, the engine's default window, run $run"
  run_outbox "loopback" 1000 0 32 --admin-key-file "$DEMO_KEY_FILE"
done
stop_demo

need_tool openssl
source "$ROOT/Tests/e2e/nginx.bash"
if ! nginx_available; then
  echo "nginx is missing (apt-get install nginx-light): no HTTP/2 figure" >&2
  exit 0
fi
echo "nginx: $("$NGINX_BIN" -v 2>&1 | sed 's/^nginx version: //'), $(openssl version)"
PROXY="$TMP/nginx"
nginx_tls "$PROXY"
NGINX_PORT="$(nginx_free_port)"
start_demo demo-proxy --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks \
  --base-url "https://127.0.0.1:$NGINX_PORT"
nginx_configure "$PROXY" "${DEMO_URL##*:}"
nginx_start "$PROXY"
DEMO_PIDS+=("$NGINX_PID")
export GUESTCRAFT_CA_BUNDLE="$PROXY/ca.pem"
export GUESTCRAFT_HOME="$TMP/home-proxy"
pair_app supervisor
for window in $WINDOWS; do
  for run in $(seq 1 "$RUNS"); do
    echo "-- HTTP/2 through nginx (TLS 1.3), $CHANGES changes, $ROUND_TRIP_MS ms round trips, window $window, run $run"
    run_outbox "HTTP/2" "$CHANGES" "$ROUND_TRIP_MS" "$window"
  done
done
for run in $(seq 1 "$RUNS"); do
  echo "-- HTTP/2 through nginx (TLS 1.3), $CHANGES changes, $ROUND_TRIP_MS ms round trips and handshakes, window 32, run $run"
  run_outbox "HTTP/2, handshakes too" "$CHANGES" "$ROUND_TRIP_MS" 32 --handshake-ms "$ROUND_TRIP_MS"
done
echo "-- nginx's access log: protocols of the last run's writes"
grep -E ' /api/v1/properties/[^ ]+/units/' "$PROXY/access.log" | awk '{print $3}' | sort | uniq -c
