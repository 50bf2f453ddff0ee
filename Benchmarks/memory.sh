#!/usr/bin/env bash
# SPEC §10 and #34: peak memory ≤ 30 MiB (max RSS, /usr/bin/time -v) online with Today, Search
# results and 2,000 rooms read fresh and saved in one session, and offline with 5,000 rooms. The
# app is paired to a spawned demo (Garden Court: 2,000 rooms, about 7,000 reservations), opened
# once to save the rooms, and 5,000 of the hotel's reservations are read with its client and
# saved in its offline store (guestcraft-bench save-reservations). Then the app runs in an 80x24
# tmux pane under /usr/bin/time through a short session (Today, a search, Housekeeping, filters,
# scrolling, a room, My tasks, quit), online and offline; then offline on a 5,000-room demo's
# saved rooms. Where the resident pages are (the process's own, the binary's, each library's) is
# printed before quitting. The demo instance's own peak and mc/tig are printed beside it.
# Usage: Benchmarks/memory.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_tool tmux
need_tool sqlite3
[ -x /usr/bin/time ] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; }
machine
RESERVATIONS="${RESERVATIONS:-5000}"

max_rss() { sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$1"; }
mib() { awk -v kb="$1" 'BEGIN { printf "%.1f MiB", kb / 1024 }'; }

# save_rooms ROOMS: the app opened once online (Garden Court chosen), Today then the rooms read
# and saved, then quit.
save_rooms() {
  app_in_tmux "$BIN/guestcraft"
  wait_screen "Garden Court Hotel"
  tmux -L "$SOCKET" send-keys -t app Enter
  wait_screen "Today"
  tmux -L "$SOCKET" send-keys -t app F3
  wait_screen "$1 rooms"
  wait_screen "All sent"
  tmux -L "$SOCKET" send-keys -t app q
  wait_app_gone
}

# A supervisor (reads rooms, tasks and reservations) on a demo that offers every capability.
start_demo demo
pair_app supervisor
save_rooms 2000

sqlite3 "$TMP/demo/demo.sqlite" \
  "SELECT id FROM reservations WHERE property_id = 'prp_garden' ORDER BY id LIMIT $RESERVATIONS" >"$TMP/reservation-ids"
"$BIN/guestcraft-bench" save-reservations --ids "$TMP/reservation-ids"
db="$GUESTCRAFT_HOME/guestcraft.db"
echo "offline store: $(sqlite3 "$db" "SELECT count(*) FROM saved_reads") saved reads," \
  "$(sqlite3 "$db" "SELECT count(*) FROM saved_reads WHERE key LIKE 'reservations.get/%'") of them reservations;" \
  "$(du -ch "$db"* | tail -1 | cut -f1) on disk (with -wal/-shm)"
rooms_json=$(sqlite3 "$db" "SELECT length(body) FROM saved_reads WHERE key LIKE 'units.list/%'")
rooms_gzip=$(sqlite3 "$db" "SELECT writefile('$TMP/rooms.json', body) FROM saved_reads WHERE key LIKE 'units.list/%'" >/dev/null; gzip -c "$TMP/rooms.json" | wc -c)
echo "saved rooms: $rooms_json B of JSON ($rooms_gzip B gzipped)"

# session LABEL [ROOMS]: the app under /usr/bin/time in tmux through the same keys; prints its peak.
session() {
  local label="$1" rooms="${2:-2000}" out="$TMP/time.$RANDOM"
  app_in_tmux /usr/bin/time -v -o "$out" "$BIN/guestcraft"
  wait_screen "Today"
  # A search (its results read and drawn), then Housekeeping (F-keys switch tabs from the field).
  tmux -L "$SOCKET" send-keys -t app F2
  wait_screen "Search"
  tmux -L "$SOCKET" send-keys -t app m a Enter; sleep 1
  tmux -L "$SOCKET" send-keys -t app F3
  wait_screen "$rooms rooms"
  for keys in s s f a End PPage PPage Home / 1 2 3 4 Enter Enter; do
    tmux -L "$SOCKET" send-keys -t app "$keys"; sleep 0.15
  done
  # Back from the room, My tasks and back (digits jump to rooms here; F-keys switch tabs).
  for keys in Escape F4 F3 Escape; do
    tmux -L "$SOCKET" send-keys -t app "$keys"; sleep 0.3
  done
  # What the resident pages are now: the process's own (heap, stacks) and mapped files (code and
  # data of the binary and its shared libraries).
  local pane_pid app_pid rollup=""
  pane_pid=$(tmux -L "$SOCKET" display -p -t app '#{pane_pid}')
  app_pid=$(pgrep -P "$pane_pid" | head -1 || true)
  [ -n "$app_pid" ] && rollup=$(awk '/^Rss:/ {r=$2} /^Anonymous:/ {a=$2}
    END { printf "RSS now %.1f MiB = %.1f MiB anonymous (heap, stacks) + %.1f MiB of mapped files", r/1024, a/1024, (r-a)/1024 }'     "/proc/$app_pid/smaps_rollup")
  # The mapped files' share, largest first (the executable's code, the libraries).
  [ -n "$app_pid" ] && awk '/^[0-9a-f]+-[0-9a-f]+ / {name=$6} /^Rss:/ {if (name ~ /^\//) rss[name]+=$2}
    END {for (n in rss) printf "%d %s\n", rss[n], n}' "/proc/$app_pid/smaps" | sort -rn | head -6 |
    awk '{ n=split($2, p, "/"); printf "  resident: %.1f MiB %s\n", $1/1024, p[n] }'
  tmux -L "$SOCKET" send-keys -t app q
  wait_app_gone
  [ -s "$out" ] || { echo "guestcraft, $label: the app did not quit" >&2; exit 1; }
  echo "guestcraft, $label: peak RSS $(mib "$(max_rss "$out")")${rollup:+; before quitting: $rollup}"
}

session "online, 2,000 rooms read and saved again"
demo_hwm=$(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$DEMO_PID/status" | awk '{print $1}')
stop_demo
session "offline, from the saved rooms"

# 5,000 rooms, offline: another demo, its rooms saved once, then the same session stopped.
GUESTCRAFT_HOME="$TMP/home-5000"; mkdir -m 700 "$GUESTCRAFT_HOME"; export GUESTCRAFT_HOME
ROOMS=5000 start_demo demo5000
pair_app supervisor
save_rooms 5000
stop_demo
session "offline, from 5,000 saved rooms" 5000

/usr/bin/time -v -o "$TMP/time.version" "$BIN/guestcraft" --version >/dev/null
echo "guestcraft --version (the runtime's floor): peak RSS $(mib "$(max_rss "$TMP/time.version")")"
echo "guestcraft-demo serve --rooms 2000, after the sessions above: peak RSS $(mib "$demo_hwm")"

# Yardsticks under the same measure: started in the same pane, stopped after a second.
yardstick() {
  local label="$1" out="$TMP/time.$RANDOM"; shift
  tmux -L "$SOCKET" new-session -d -s app -x 80 -y 24 -c "$ROOT" \
    "env TERM=$TERM /usr/bin/time -v -o $out timeout -s TERM 1 $*"
  wait_app_gone
  echo "$label: peak RSS $(mib "$(max_rss "$out")")"
}
command -v mc >/dev/null && yardstick "mc -u, in this repository" mc -u
command -v tig >/dev/null && yardstick "tig, in this repository" tig
true
