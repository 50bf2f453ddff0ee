#!/usr/bin/env bash
# SPEC §10: 1,000 queued room changes sent to the demo instance on loopback: ≤ 5 s, over one
# reused connection (six since the outbox's window, #34: HTTP/1.1's limit per host). The app is paired to a spawned demo (2,000 rooms); changes to 1,000 rooms are
# queued in its own outbox as if made offline, then sent (a) by the app's outbox engine in
# guestcraft-bench and (b) by `guestcraft send`, the command a cron job or systemd timer runs.
# The instance's /demo/stats counts the connections it accepted meanwhile.
# Usage: Benchmarks/outbox_send.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
machine
CHANGES="${CHANGES:-1000}"
RUNS="${RUNS:-3}"

start_demo demo --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor

for run in $(seq 1 "$RUNS"); do
  echo "-- run $run: the outbox engine in-process (guestcraft-bench outbox)"
  "$BIN/guestcraft-bench" outbox --changes "$CHANGES" --admin-key-file "$DEMO_KEY_FILE"
done

stat_field() { python3 -c "import json,sys; s=json.load(sys.stdin); print($1)"; }
for run in $(seq 1 "$RUNS"); do
  echo "-- run $run: guestcraft send (a new process: start, open the store, send, exit)"
  "$BIN/guestcraft-bench" outbox --changes "$CHANGES" --send none
  before="$(demo_admin /demo/stats)"
  start=$(date +%s%N)
  status=0
  /usr/bin/time -f "%M" -o "$TMP/send.rss" "$BIN/guestcraft" send >"$TMP/send.out" 2>&1 || status=$?
  end=$(date +%s%N)
  after="$(demo_admin /demo/stats)"
  echo "guestcraft send: $(( (end - start) / 1000000 )) ms wall, exit status $status, peak RSS $(( $(cat "$TMP/send.rss") / 1024 )) MiB: $(tr '\n' ' ' <"$TMP/send.out")"
  b_conn=$(stat_field 's["connections_accepted"]' <<<"$before"); a_conn=$(stat_field 's["connections_accepted"]' <<<"$after")
  b_req=$(stat_field 's["requests"].get("units.housekeeping",0)' <<<"$before"); a_req=$(stat_field 's["requests"].get("units.housekeeping",0)' <<<"$after")
  b_w=$(stat_field 's["writes_applied"].get("units.housekeeping",0)' <<<"$before"); a_w=$(stat_field 's["writes_applied"].get("units.housekeeping",0)' <<<"$after")
  echo "instance: connections accepted +$((a_conn - b_conn)) (one is the stats request's own curl), units.housekeeping requests +$((a_req - b_req)), writes applied +$((a_w - b_w))"
done
