#!/usr/bin/env bash
# SPEC §10: a refresh that changed nothing costs ≤ 1 KiB on the wire (ETag, If-None-Match, 304).
# The app's client reads Garden Court's 2,000 rooms and the supervisor's tasks through a forwarder
# that counts every byte each way (guestcraft-bench refresh): fresh, then refreshed over the same
# connection, then over a new one; over plain HTTP and over HTTPS (a certificate made here for
# 127.0.0.1, trusted through GUESTCRAFT_CA_BUNDLE), where a new connection pays its TLS handshake.
# Usage: Benchmarks/refresh_bytes.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_tool openssl
machine

echo "-- HTTP on loopback"
start_demo demo-http --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor
"$BIN/guestcraft-bench" refresh
stop_demo

echo "-- HTTPS on loopback (TLS 1.3, a P-256 certificate for 127.0.0.1)"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1" -keyout "$TMP/tls.key" -out "$TMP/tls.pem" 2>/dev/null
export GUESTCRAFT_CA_BUNDLE="$TMP/tls.pem"
export GUESTCRAFT_HOME="$TMP/home-https"
start_demo demo-https --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks \
  --tls-cert "$TMP/tls.pem" --tls-key "$TMP/tls.key"
pair_app supervisor
"$BIN/guestcraft-bench" refresh
