#!/usr/bin/env bash
# A full refresh of 2,000 rooms and an unchanged one (304) on the wire through a real reverse
# proxy: Debian's nginx on loopback in front of the demo (Tests/e2e/nginx.bash: TLS with a private
# CA trusted through GUESTCRAFT_CA_BUNDLE, HTTP/2, gzip for JSON), the demo started with
# --base-url so the app pairs through nginx. `guestcraft-bench refresh` then reads Garden Court's
# rooms and the supervisor's tasks through its byte-counting forwarder in front of nginx: bytes
# each way (TLS records) and the time of each read, RUNS times; nginx's access log says the
# protocol, status, body bytes and gzip ratio of each answer.
# Usage: Benchmarks/proxy_refresh.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_tool openssl
source "$ROOT/Tests/e2e/nginx.bash"
nginx_available || { echo "nginx is missing: apt-get install nginx-light" >&2; exit 2; }
machine
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
echo "-- through nginx at https://127.0.0.1:$NGINX_PORT (TLS 1.3, HTTP/2, gzip on), a P-256 certificate of a private CA"
for run in $(seq 1 "${RUNS:-3}"); do
  echo "run $run"
  "$BIN/guestcraft-bench" refresh
done
echo "-- nginx's access log (method path protocol status body-bytes gzip-ratio content-encoding), the last run"
grep -E ' /api/v1/properties/[^ ]+/(units|tasks)' "$PROXY/access.log" | tail -8
