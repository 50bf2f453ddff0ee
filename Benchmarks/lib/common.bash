# Shared by Benchmarks/*.sh (sourced, never run by `make bench`): the build directory, Python with
# pyte and ttff.py, a temporary state directory, spawned demo instances and the app paired to one.
# Every helper prints figures only; nothing here judges a time.

bench_init() {
  set -euo pipefail
  BIN="$(cd "${1:-.build/release}" && pwd)"
  ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  for tool in guestcraft guestcraft-demo guestcraft-bench; do
    [ -x "$BIN/$tool" ] || { echo "$BIN/$tool is missing: swift build -c release" >&2; exit 2; }
  done
  PY=""
  for candidate in /usr/bin/python3 python3; do
    if "$candidate" -c 'import pyte' 2>/dev/null; then PY="$candidate"; break; fi
  done
  TTFF="${TTFF:-}"
  for candidate in "$ROOT/../shared/tools/ttff.py" /work/shared/tools/ttff.py "$ROOT/Benchmarks/lib/ttff.py"; do
    [ -z "$TTFF" ] && [ -f "$candidate" ] && TTFF="$candidate"
  done
  TMP="$(mktemp -d "${TMPDIR:-/tmp}/guestcraft-bench.XXXXXX")"
  SOCKET="gc-bench-$$"
  DEMO_PIDS=()
  trap bench_cleanup EXIT
  export GUESTCRAFT_HOME="$TMP/home"
  export TERM=xterm-256color
}

bench_cleanup() {
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  for pid in "${DEMO_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
  rm -rf "$TMP"
}

need_pyte() {
  [ -n "$PY" ] || { echo "pyte is missing: apt-get install python3-pyte" >&2; exit 2; }
  [ -n "$TTFF" ] || { echo "ttff.py not found (set TTFF=path)" >&2; exit 2; }
}

need_tool() {
  command -v "$1" >/dev/null || { echo "$1 is missing: apt-get install ${2:-$1}" >&2; exit 2; }
}

# The machine, for docs/performance.md.
machine() {
  echo "machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), kernel $(uname -r), $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
}

# start_demo NAME [serve options…]: a demo instance on 127.0.0.1 with its data in $TMP/NAME and
# Garden Court at 2,000 rooms; sets DEMO_URL, DEMO_PID and DEMO_KEY_FILE.
start_demo() {
  local name="$1"; shift
  "$BIN/guestcraft-demo" serve --data "$TMP/$name" --rooms "${ROOMS:-2000}" "$@" >"$TMP/$name.out" 2>&1 &
  DEMO_PID=$!
  DEMO_PIDS+=("$DEMO_PID")
  for _ in $(seq 1 600); do grep -q '^listening on ' "$TMP/$name.out" && break; sleep 0.05; done
  DEMO_URL="$(sed -n 's/^listening on //p' "$TMP/$name.out" | head -1)"
  [ -n "$DEMO_URL" ] || { cat "$TMP/$name.out" >&2; exit 1; }
  DEMO_KEY_FILE="$TMP/$name/admin-key"
}

stop_demo() {
  kill "$DEMO_PID" 2>/dev/null || true
  wait "$DEMO_PID" 2>/dev/null || true
}

# demo_admin PATH [JSON]: a demo admin request (POST with a body, GET without); prints the answer.
demo_admin() {
  local path="$1" body="${2:-}" cacert=()
  [ -n "${GUESTCRAFT_CA_BUNDLE:-}" ] && cacert=(--cacert "$GUESTCRAFT_CA_BUNDLE")
  if [ -n "$body" ]; then
    curl -sS "${cacert[@]}" -X POST -H "X-Demo-Admin-Key: $(cat "$DEMO_KEY_FILE")" -H 'Content-Type: application/json' \
      --data "$body" "$DEMO_URL$path"
  else
    curl -sS "${cacert[@]}" -H "X-Demo-Admin-Key: $(cat "$DEMO_KEY_FILE")" "$DEMO_URL$path"
  fi
}

# pair_app MEMBER: signs the app in ($GUESTCRAFT_HOME) as that demo member, as a person would
# with the web's pairing link.
pair_app() {
  local link
  link="$(demo_admin /demo/pairings "{\"member\":\"$1\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pairing_url"])')"
  "$BIN/guestcraft" pair "$link" --yes >/dev/null
}

# wait_screen TEXT: waits (deadline 30 s) until the app's tmux pane shows TEXT.
wait_screen() {
  for _ in $(seq 1 600); do tmux -L "$SOCKET" capture-pane -p -t app | grep -qF -- "$1" && return 0; sleep 0.05; done
  echo "never showed: $1" >&2; tmux -L "$SOCKET" capture-pane -p -t app >&2; exit 1
}

# app_in_tmux COMMAND…: the app (or a wrapper around it) in a detached 80x24 tmux pane named app.
app_in_tmux() {
  tmux -L "$SOCKET" new-session -d -s app -x 80 -y 24 \
    "env GUESTCRAFT_HOME=$GUESTCRAFT_HOME TERM=$TERM $*"
}

# wait_app_gone: waits (deadline 10 s) until the app's pane has closed (the app quit).
wait_app_gone() {
  for _ in $(seq 1 200); do tmux -L "$SOCKET" has-session -t app 2>/dev/null || return 0; sleep 0.05; done
  tmux -L "$SOCKET" kill-session -t app 2>/dev/null || true
}

# seed_saved TEXT: opens the app online once, chooses Garden Court (remembered), waits until the
# first screen shows TEXT and everything is sent, and quits: the saved reads an offline start shows.
seed_saved() {
  app_in_tmux "$BIN/guestcraft"
  wait_screen "Garden Court Hotel"
  tmux -L "$SOCKET" send-keys -t app Enter
  wait_screen "$1"
  wait_screen "All sent"
  tmux -L "$SOCKET" send-keys -t app q
  wait_app_gone
}

# seed_rooms: Housekeeping's 2,000 rooms saved (a supervisor on the housekeeping demo).
seed_rooms() { seed_saved "2000 rooms"; }

# seed_today: the desk's Today saved (the front desk on the full demo).
seed_today() { seed_saved "Arrivals"; }
