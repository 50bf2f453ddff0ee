#!/usr/bin/env bash
# #18: where the first frame from saved reads waits, in time rather than instructions. The app is
# paired to a spawned demo, its 2,000 rooms saved, the instance stopped; then it is started RUNS
# times under a pseudo-terminal with an LD_PRELOAD shim (Benchmarks/lib/timeline.c, built here with
# cc) that stamps the calls marking the start's steps; each run prints its milestones: the loader
# done (ctor), the log opened, the terminal's first bytes, the first page read after them (the
# saved rooms' when they are read after the terminal starts), the frame's first write and when
# the harness saw "2000 rooms". TIMELINE=full
# prints every stamp of the last run. `make bench` runs it too; its figures are not in the summary (the
# shim distorts the start by a few percent).
# Usage: Benchmarks/start_timeline.sh BUILD_DIR
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_pyte
need_tool cc gcc
need_tool tmux
machine
RUNS="${RUNS:-5}"
cc -O2 -shared -fPIC -o "$TMP/timeline.so" "$ROOT/Benchmarks/lib/timeline.c" -ldl

start_demo demo --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor
seed_rooms
stop_demo

for run in $(seq 1 "$RUNS"); do
  "$PY" "$ROOT/Benchmarks/lib/timeline_run.py" "$TMP/timeline.so" "$TMP/stamps" "2000 rooms" "$BIN/guestcraft" \
    >"$TMP/run.txt"
  awk '
    function faults() { for (i = NF; i > 0; i--) if ($i ~ /^pf=/) return substr($i, 4); return "?" }
    / ctor/ && !c { printf "loader done %.1f (%s faults)", $1, faults(); c = 1 }
    /open .*guestcraft.log/ && !l { printf " | log %.1f", $1; l = 1 }
    /write1 / && !w { printf " | terminal %.1f", $1; w = 1 }
    /pread [0-9]+ 4096 @/ && w && !r { printf " | first page read after it %.1f", $1; r = 1 }
    /write1 [0-9][0-9][0-9][0-9]* / && !f { printf " | frame written %.1f (%s faults)", $1, faults(); f = 1 }
    /FOUND/ { printf " | seen %.1f ms\n", $1 }
  ' "$TMP/run.txt"
done
[ "${TIMELINE:-}" = full ] && cat "$TMP/run.txt"
exit 0
