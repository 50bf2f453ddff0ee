#!/usr/bin/env bash
# Housekeeping on a 2,000-room property: first frame from the saved rooms, and key to frame while
# filtering (SPEC §10: ≤ 5 ms median), at 40x12 and 80x24, measured on the real binary through a
# pseudo-terminal with ttff.py (pyte). Prints the figures; docs/performance.md records them.
# Usage: Benchmarks/housekeeping_filter.sh BUILD_DIR   (make bench passes .build/release)
set -euo pipefail

BIN="$(cd "${1:-.build/release}" && pwd)"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TTFF="${TTFF:-}"
for candidate in "$ROOT/../shared/tools/ttff.py" /work/shared/tools/ttff.py; do
  [ -z "$TTFF" ] && [ -f "$candidate" ] && TTFF="$candidate"
done
[ -n "$TTFF" ] || { echo "ttff.py not found (set TTFF=path)" >&2; exit 2; }
PY=python3
for candidate in /usr/bin/python3 python3; do
  if "$candidate" -c 'import pyte' 2>/dev/null; then PY="$candidate"; break; fi
done
"$PY" -c 'import pyte' 2>/dev/null || { echo "pyte is missing: apt-get install python3-pyte" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux is missing" >&2; exit 2; }

TMP="$(mktemp -d /tmp/guestcraft-bench.XXXXXX)"
SOCKET="gc-bench-$$"
DEMO_PID=""
cleanup() {
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  [ -n "$DEMO_PID" ] && kill "$DEMO_PID" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
export GUESTCRAFT_HOME="$TMP/home"

start_demo() {
  "$BIN/guestcraft-demo" serve --data "$TMP/demo" --rooms 2000 \
    --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks "$@" >"$TMP/demo.out" 2>&1 &
  DEMO_PID=$!
  for _ in $(seq 1 400); do grep -q '^listening on ' "$TMP/demo.out" && break; sleep 0.05; done
  DEMO_URL="$(sed -n 's/^listening on //p' "$TMP/demo.out" | head -1)"
  [ -n "$DEMO_URL" ] || { cat "$TMP/demo.out" >&2; exit 1; }
}

# A supervisor on a demo whose Garden Court has 2,000 rooms; only the housekeeping tabs are
# offered, so the app opens on Housekeeping.
start_demo
LINK="$(curl -sS -X POST -H "X-Demo-Admin-Key: $(cat "$TMP/demo/admin-key")" -H 'Content-Type: application/json' \
  --data '{"member":"supervisor"}' "$DEMO_URL/demo/pairings" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["pairing_url"])')"
"$BIN/guestcraft" pair "$LINK" --yes >/dev/null

# Choose Garden Court once (remembered) and let the rooms be read and saved.
tmux -L "$SOCKET" new-session -d -s app -x 80 -y 24 "env GUESTCRAFT_HOME=$GUESTCRAFT_HOME TERM=xterm-256color $BIN/guestcraft"
wait_screen() {
  for _ in $(seq 1 600); do tmux -L "$SOCKET" capture-pane -p -t app | grep -qF -- "$1" && return 0; sleep 0.05; done
  echo "never showed: $1" >&2; tmux -L "$SOCKET" capture-pane -p -t app >&2; exit 1
}
wait_screen "Garden Court Hotel"
tmux -L "$SOCKET" send-keys -t app Enter
wait_screen "2000 rooms"
wait_screen "All sent"
tmux -L "$SOCKET" send-keys -t app q
sleep 0.5
tmux -L "$SOCKET" kill-server 2>/dev/null || true

RUNS="${RUNS:-15}"
# measure LABEL WxH ttff-arguments…: the pseudo-terminal figures (ttff: spawn to first frame, key
# to the filtered title on pyte's screen), then the app's own for the same keys
# (GUESTCRAFT_FRAME_TIMES: from reading the key to the screen laid out and to ncurses' refresh
# returning), without the pseudo-terminal and pyte's parsing of the repainted screen.
measure() {
  local label="$1" size="$2"; shift 2
  local frames="$TMP/frames.txt"
  rm -f "$frames"
  echo "-- $label (${size})"
  "$PY" "$TTFF" --cols "${size%x*}" --rows "${size#*x}" --runs "$RUNS" --env "GUESTCRAFT_HOME=$GUESTCRAFT_HOME" \
    --env "GUESTCRAFT_FRAME_TIMES=$frames" "$@"
  "$PY" - "$frames" <<'PY'
import statistics, sys
rows = [tuple(int(x) / 1000 for x in line.split()) for line in open(sys.argv[1]) if line.strip()]
for name, column in (("in the app, key to laid out", 0), ("in the app, key to drawn", 1)):
    t = [r[column] for r in rows]
    print("%s: min %.2f  median %.2f  max %.2f ms (%d frames)" % (name, min(t), statistics.median(t), max(t), len(t)))
PY
}

for size in 40x12 80x24; do
  measure "online: filter dirty rooms (s)" "$size" --until "2000 rooms" --keys "s" --then "Rooms · Dirty" -- "$BIN/guestcraft"
done
kill "$DEMO_PID"; wait "$DEMO_PID" 2>/dev/null || true; DEMO_PID=""
for size in 40x12 80x24; do
  measure "offline, saved rooms: filter dirty rooms (s)" "$size" --until "2000 rooms" --keys "s" --then "Rooms · Dirty" -- "$BIN/guestcraft"
  measure "offline, saved rooms: filter floor (f)" "$size" --until "2000 rooms" --keys "f" --then "Rooms · Floor" -- "$BIN/guestcraft"
done
