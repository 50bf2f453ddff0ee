#!/usr/bin/env bash
# SPEC §10: first frame from saved reads, offline, 2,000-room property, 80x24 (goal ≤ 25 ms median,
# and faster than mc and tig start on the same machine); the desk's Today at 5,000 rooms (#34). The app is paired to a spawned demo,
# opened once online to save Garden Court's rooms, then timed from spawn until its pseudo-terminal
# (pyte, ttff.py) shows "2000 rooms": with the instance stopped (connections refused) and hung
# (SIGSTOP: it connects and never answers). mc and tig are timed the same way.
# Usage: Benchmarks/first_frame.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_pyte
need_tool tmux
need_tool sqlite3
machine
RUNS="${RUNS:-15}"

ttff() { "$PY" "$TTFF" --runs "$RUNS" "$@"; }

# A supervisor on a demo that offers only the housekeeping tabs, so the app opens on Housekeeping.
start_demo demo --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor
seed_rooms
echo "-- the saved rooms, in-process: read and decoded as the app does (guestcraft-bench saved-rooms)"
"$BIN/guestcraft-bench" saved-rooms --runs "$RUNS"

kill -STOP "$DEMO_PID"
for size in 80x24 40x12; do
  echo "-- guestcraft, saved rooms, instance hung (${size})"
  ttff --cols "${size%x*}" --rows "${size#*x}" --env "GUESTCRAFT_HOME=$GUESTCRAFT_HOME" --until "2000 rooms" -- "$BIN/guestcraft"
done
kill -CONT "$DEMO_PID"
stop_demo
for size in 80x24 40x12; do
  echo "-- guestcraft, saved rooms, instance stopped (${size})"
  ttff --cols "${size%x*}" --rows "${size#*x}" --env "GUESTCRAFT_HOME=$GUESTCRAFT_HOME" --until "2000 rooms" -- "$BIN/guestcraft"
done
# The bar's ratio (≤ 0.8 × mc -u): the app and mc -u taking turns, run by run, at 80x24 (#18):
# batches one after the other measured the machine's drift as much as the programs.
if command -v mc >/dev/null; then
  "$PY" "$ROOT/Benchmarks/lib/interleaved.py" "$TTFF" "$((RUNS * 2))" 80 24 \
    "guestcraft, saved rooms, instance stopped, interleaved with mc -u (80x24)|GUESTCRAFT_HOME=$GUESTCRAFT_HOME|2000 rooms|$BIN/guestcraft" \
    "mc -u, interleaved with guestcraft (80x24)||10Quit|mc -u"
fi
# The peak memory of that start: the app under /usr/bin/time until the rooms show, then q.
if [ -x /usr/bin/time ]; then
  app_in_tmux /usr/bin/time -v -o "$TMP/time.first" "$BIN/guestcraft"
  wait_screen "2000 rooms"
  tmux -L "$SOCKET" send-keys -t app q
  wait_app_gone
  echo "first frame peak RSS: $(awk '/Maximum resident set size/ { printf "%.1f", $6 / 1024 }' "$TMP/time.first") MiB"
fi

# Today from its saved read (#12, #34): the front desk on a demo that offers every capability,
# Garden Court at 5,000 rooms and their reservations (issue #34's bar: ≤ 0.8 × mc -u at a
# 5,000-room property); opened once online to save Today, then timed until "Arrivals" shows
# (drawn only from the overview: its saved head, then the whole copy) with the instance stopped.
ROOMS_HOME="$GUESTCRAFT_HOME"
export GUESTCRAFT_HOME="$TMP/desk-home"
mkdir -p "$GUESTCRAFT_HOME"
ROOMS=5000 start_demo desk
pair_app frontdesk
seed_today
echo "saved Today: $(sqlite3 "$GUESTCRAFT_HOME/guestcraft.db" "SELECT length(body) FROM saved_reads WHERE key LIKE 'today.get/%'") B of JSON"
echo "-- saved Today, in-process: read, decoded and drawn as the app does (guestcraft-bench saved-today)"
"$BIN/guestcraft-bench" saved-today --runs "$RUNS"
stop_demo
for size in 80x24 40x12; do
  echo "-- guestcraft, Today from its saved read, 5,000 rooms, instance stopped (${size})"
  ttff --cols "${size%x*}" --rows "${size#*x}" --env "GUESTCRAFT_HOME=$GUESTCRAFT_HOME" --until "Arrivals" -- "$BIN/guestcraft"
done
# Its bar's ratio, the app and mc -u taking turns (as the rooms' run above), then the ratio itself.
if command -v mc >/dev/null; then
  "$PY" "$ROOT/Benchmarks/lib/interleaved.py" "$TTFF" "$((RUNS * 2))" 80 24 \
    "guestcraft, Today from its saved read, 5,000 rooms, instance stopped, interleaved with mc -u (80x24)|GUESTCRAFT_HOME=$GUESTCRAFT_HOME|Arrivals|$BIN/guestcraft" \
    "mc -u, interleaved with guestcraft's Today (80x24)||10Quit|mc -u" | tee "$TMP/today.interleaved"
  "$PY" - "$TMP/today.interleaved" <<'PY'
import re, sys
medians = re.findall(r"median ([0-9.]+)", open(sys.argv[1]).read())
if len(medians) == 2:
    print("Today, 5,000 rooms, interleaved with mc -u: %.2f× (bar ≤ 0.8×)" % (float(medians[0]) / float(medians[1])))
PY
fi
export GUESTCRAFT_HOME="$ROOMS_HOME"

# The floor under any first frame: starting the binary (Swift runtime, Foundation) and exiting.
if command -v hyperfine >/dev/null; then
  echo "-- guestcraft --version, guestcraft status (no terminal UI; hyperfine)"
  versions=("$BIN/guestcraft --version" "$BIN/guestcraft status")
  command -v mc >/dev/null && versions+=("mc --version")
  hyperfine -N --warmup 3 --runs 40 --export-json "$TMP/floor.json" "${versions[@]}" >/dev/null 2>&1
  "$PY" - "$TMP/floor.json" <<'PY'
import json, statistics, sys
for r in json.load(open(sys.argv[1]))["results"]:
    t = [x * 1000 for x in r["times"]]
    print("%s: min %.1f  median %.1f  max %.1f ms" % (r["command"].split("/")[-1], min(t), statistics.median(t), max(t)))
PY
fi

# The bar's yardsticks, timed the same way at 80x24.
if command -v mc >/dev/null; then
  echo "-- mc -u (no subshell), until its key bar shows (80x24)"
  ttff --until "10Quit" -- mc -u
  echo "-- mc (with its subshell: the login shell's start-up counts), until its key bar shows (80x24)"
  ttff --until "10Quit" -- mc
else
  echo "-- mc is not installed (apt-get install mc)"
fi
if command -v tig >/dev/null && git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
  echo "-- tig in this repository ($(git -C "$ROOT" rev-list --count HEAD) commits), until its status line shows (80x24)"
  (cd "$ROOT" && ttff --until "[main]" -- tig)
else
  echo "-- tig is not installed or this is not a git checkout"
fi
