#!/usr/bin/env bash
# #19: an hour of an open Housekeeping list with nothing changing costs ≤ 250 requests and
# ≤ 150 KB on the wire, and about no CPU between refreshes. The app runs in an 80x24 tmux pane
# as the supervisor on Garden Court (2,000 rooms), its instance reached through a byte-counting
# forwarder (guestcraft-bench forward; the device is paired through it, so every request goes
# that way). A shortened run, scaled: the list follows every second for WINDOW seconds (default
# 60) and the bytes and requests of one refresh are multiplied by the 240 refreshes of an hour at
# the default 15 s; then the app's CPU time over WINDOW seconds at the default interval and with
# reads that follow turned off (GUESTCRAFT_REFRESH_SECONDS=0), side by side.
# Usage: Benchmarks/live_hour.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_tool tmux
machine
WINDOW="${WINDOW:-60}"
PHASES="${PHASES:-1 2}"

start_demo demo
coproc FORWARD { "$BIN/guestcraft-bench" forward --upstream "${DEMO_URL##*:}"; }
read -r line <&"${FORWARD[0]}"
PROXY_URL="${line#listening on }"
forward() { echo "$1" >&"${FORWARD[1]}"; read -r answer <&"${FORWARD[0]}"; echo "$answer"; }
DIRECT_URL="$DEMO_URL"
DEMO_URL="$PROXY_URL" pair_app supervisor
stats() { DEMO_URL="$DIRECT_URL" demo_admin /demo/stats; }
count_of() { python3 -c "import json,sys; d=json.load(sys.stdin); print(d['$1'].get('$2', 0))"; }
app_pid() {
  local pane; pane="$(tmux -L "$SOCKET" display -p -t app '#{pane_pid}')"
  if grep -q '^guestcraft$' "/proc/$pane/comm"; then echo "$pane"; else pgrep -P "$pane" '^guestcraft$' | head -1; fi
}
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

run_phase() {   # run_phase SECONDS_BETWEEN_READS
  app_in_tmux "GUESTCRAFT_REFRESH_SECONDS=$1" "$BIN/guestcraft"
  wait_screen "Garden Court Hotel"
  tmux -L "$SOCKET" send-keys -t app Enter
  wait_screen "Today"
  tmux -L "$SOCKET" send-keys -t app F3
  wait_screen "2000 rooms"
  wait_screen "All sent"
  sleep 2
}

if [[ " $PHASES " == *" 1 "* ]]; then
echo "-- phase 1: the list follows every second for $WINDOW s (nothing changes)"
run_phase 1
before="$(stats)"
forward reset >/dev/null
sleep "$WINDOW"
read -r sent received connections <<<"$(forward count)"
after="$(stats)"
lists=$(( $(count_of requests units.list <<<"$after") - $(count_of requests units.list <<<"$before") ))
not_modified=$(( $(count_of not_modified units.list <<<"$after") - $(count_of not_modified units.list <<<"$before") ))
all=$(( $(python3 -c "import json,sys; print(sum(json.load(sys.stdin)['requests'].values()))" <<<"$after") \
      - $(python3 -c "import json,sys; print(sum(json.load(sys.stdin)['requests'].values()))" <<<"$before") - 1 ))
echo "in $WINDOW s: $all requests ($lists units.list, $not_modified of them 304), $sent B sent + $received B received, $connections new connections"
python3 - "$all" "$sent" "$received" "$lists" <<'PY'
import sys
requests, sent, received, lists = map(int, sys.argv[1:])
per_request = (sent + received) / max(requests, 1)
hour = 3600 // 15
print(f"one refresh: {per_request:.0f} B on the wire")
print(f"an hour at 15 s: {hour} requests, {per_request * hour / 1000:.1f} KB  (goal: ≤ 250 requests, ≤ 150 KB)")
PY
tmux -L "$SOCKET" kill-session -t app
wait_app_gone
fi

for interval in ${CPU_INTERVALS:-15 0}; do
echo "-- phase 2: the app's CPU time, reads every $interval s (0: never), over $WINDOW s"
run_phase "$interval"
pid="$(app_pid)"
hz="$(getconf CLK_TCK)"
start="$(cpu_ticks "$pid")"
sleep "$WINDOW"
end="$(cpu_ticks "$pid")"
python3 - "$start" "$end" "$hz" "$WINDOW" <<'PY'
import sys
start, end, hz, window = map(int, sys.argv[1:])
ms = (end - start) * 1000 / hz
print(f"CPU: {ms:.0f} ms in {window} s ({ms / window * 3600 / 1000:.1f} s an hour)")
PY
tmux -L "$SOCKET" kill-session -t app
wait_app_gone
done
