#!/usr/bin/env bash
# #18: the instructions from exec to the first frame, counted by callgrind (stable on a shared
# machine where times drift). The app is paired to a spawned demo that offers only the
# housekeeping tabs, opened once online to save Garden Court's 2,000 rooms, then started under
# `valgrind --tool=callgrind` with the instance stopped; when its 80x24 tmux pane shows
# "2000 rooms" (the first frame from the saved read) the counts are dumped (`callgrind_control
# -d`: offline and idle, the app runs no instruction while it waits in poll()). Printed: the
# total, the part in the dynamic loader (ld-linux: mapping and relocating shared libraries),
# and the functions with the most inclusive cost. `guestcraft --version` is counted the same way.
# The start's guard (#32): each count is checked against its budget in docs/startup.md ("Budget"),
# and the script fails above it, so a regression on the way to the first frame fails `make bench`
# and `make start-guard` instead of living on as a rule in comments.
# Usage: Benchmarks/startup_callgrind.sh BUILD_DIR   (make bench passes .build/release; CALLGRIND_KEEP=DIR keeps the counts;
#        START_BUDGET=FILE reads the budget from another file)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_tool tmux
need_tool valgrind
need_tool callgrind_annotate valgrind
machine

start_demo demo --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor
seed_rooms
stop_demo

# totals FILE: the program's total Ir and each object's self cost (the dynamic loader is ld-linux).
totals() {
  "$PY" - "$1" <<'PY'
import collections, re, sys
total, names, current, skip = 0, {}, "?", False
by_object = collections.Counter()
for line in open(sys.argv[1], errors="replace"):
    if line.startswith(("summary:", "totals:")):
        total = max(total, int(line.split()[1]))
    elif line.startswith("ob="):
        m = re.match(r"ob=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(2): names[m.group(1)] = m.group(2).strip()
            current = names.get(m.group(1), "?")
        else:
            current = line[3:].strip()
    elif line.startswith("cob="):
        m = re.match(r"cob=\((\d+)\) (.*)", line)
        if m: names[m.group(1)] = m.group(2).strip()
    elif line.startswith("calls="):
        skip = True
    elif line[:1].isdigit() or line[:1] in "+-*":
        parts = line.split()
        if skip:
            skip = False
        elif len(parts) > 1 and parts[1].isdigit():
            by_object[current] += int(parts[1])
print("  total %d Ir" % total)
for name, cost in by_object.most_common(6):
    print("  %-40s %12d Ir (%4.1f %%)" % (name.split("/")[-1][:40], cost, 100.0 * cost / max(total, 1)))
PY
}

echo "-- guestcraft, saved rooms, instance stopped, 80x24, under callgrind to the first frame"
# The first frame is the count up to libcurl's loading (--dump-before=gc_curl_load): the app
# holds the network until that frame is drawn (NetworkStart; under callgrind the frame takes
# seconds, so the hold is made longer than its 500 ms), and its first request loads libcurl.
# The first frame is held until it is ready too (its quarter of a second would end before the
# saved read under callgrind, and the count would then depend on when it ended), and the screen
# waits for the read ahead as long (its 50 ms passed first in some runs: the list decoded twice).
out="$TMP/callgrind.app"
objcopy --strip-debug "$BIN/guestcraft" "$BIN/guestcraft-callgrind"   # valgrind cannot read the DWARF 5 of the static binary
app_in_tmux env GUESTCRAFT_NETWORK_HOLD_MS=60000 GUESTCRAFT_FIRST_FRAME_HOLD_MS=60000 GUESTCRAFT_READ_AHEAD_WAIT_MS=60000 valgrind --tool=callgrind --dump-before=gc_curl_load \
  --callgrind-out-file="$out.%p" "$BIN/guestcraft-callgrind"
for _ in $(seq 1 1200); do tmux -L "$SOCKET" capture-pane -p -t app | grep -qF "2000 rooms" && break; sleep 0.05; done
tmux -L "$SOCKET" capture-pane -p -t app | grep -qF "2000 rooms" || { echo "never showed 2000 rooms" >&2; exit 1; }
for _ in $(seq 1 400); do ls "$out".*.1 >/dev/null 2>&1 && break; sleep 0.05; done
first="$(ls "$out".*.1 2>/dev/null | head -1 || true)"
[ -n "$first" ] || echo "  (libcurl was not loaded within 20 s of the frame: the count runs to the quit)"
tmux -L "$SOCKET" send-keys -t app q
wait_app_gone
[ -n "$first" ] || first="$(ls "$out".* | head -1)"
rest="$(ls "$out".* | grep -v '\.1$' | head -1 || true)"
# CALLGRIND_KEEP=DIR keeps the counts for callgrind_annotate (first-frame.out, after-frame.out).
if [ -n "${CALLGRIND_KEEP:-}" ]; then
  mkdir -p "$CALLGRIND_KEEP" && cp "$first" "$CALLGRIND_KEEP/first-frame.out"
  [ -z "$rest" ] || cp "$rest" "$CALLGRIND_KEEP/after-frame.out"
fi
totals "$first" | tee "$TMP/first.totals"
if [ -n "$rest" ] && [ "$rest" != "$first" ]; then
  echo "  after the first frame (libcurl's loading, the instance check, the quit):"
  totals "$rest" | sed -n '1,3p'
fi
echo "  the most inclusive functions (callgrind_annotate --inclusive=yes):"
callgrind_annotate --inclusive=yes "$first" 2>/dev/null | sed -n '/^-\{10,\}/,$p' | grep -E '^ *[0-9,]+ ' | sed -n '1,25p' | cut -c1-150

echo "-- guestcraft --version under callgrind"
valgrind --tool=callgrind --callgrind-out-file="$TMP/callgrind.version" "$BIN/guestcraft-callgrind" --version >/dev/null 2>&1
totals "$TMP/callgrind.version" | tee "$TMP/version.totals"

# budget NAME: the number after "NAME:" on a line of the budget file ("- first frame: 32,000,000 Ir").
budget() {
  sed -n "s/^- $1: *\([0-9,]*\) Ir.*/\1/p" "${START_BUDGET:-$ROOT/docs/startup.md}" | head -1 | tr -d ,
}
over=0
for check in "first frame:first" "--version:version"; do
  name="${check%%:*}"; file="${check##*:}"
  limit="$(budget "$name")"
  count="$(sed -n 's/^  total \([0-9]*\) Ir/\1/p' "$TMP/$file.totals")"
  if [ -z "$limit" ] || [ -z "$count" ]; then
    echo "start guard: no budget for \"$name\" in ${START_BUDGET:-docs/startup.md}, or no count" >&2; over=1; continue
  fi
  if [ "$count" -gt "$limit" ]; then
    echo "start guard: $name $count Ir is over its budget of $limit Ir (docs/startup.md)" >&2; over=1
  else
    echo "start guard: $name $count Ir, within its budget of $limit Ir"
  fi
done
exit "$over"
