#!/usr/bin/env bash
# Helpers for end-to-end tests: drive the real binaries in tmux and read the screen.
# Usage in a test:  source "$(dirname "$0")/lib.sh" "$1"   ($1 = the build directory)
set -euo pipefail

BIN_DIR="$(cd "${1:-.build/debug}" && pwd)"
E2E_TMP="$(mktemp -d /tmp/guestcraft-e2e.XXXXXX)"
export GUESTCRAFT_HOME="$E2E_TMP/home"
TMUX_SOCKET="gc-e2e-$$"
E2E_PIDS=()
E2E_NAME="$(basename "$0" .sh)"

e2e_cleanup() {
  local status=$?
  tmux -L "$TMUX_SOCKET" kill-server 2>/dev/null || true
  for pid in "${E2E_PIDS[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done
  if [ "$status" -eq 0 ]; then rm -rf "$E2E_TMP"; else echo "e2e: $E2E_NAME failed; files kept in $E2E_TMP" >&2; fi
  exit "$status"
}
trap e2e_cleanup EXIT

# A session that lives as long as the test keeps the tmux server up between app_stop and the next
# app_start: with no session left the server exits, and a new-session sent while it is exiting
# fails with "server exited unexpectedly" (seen in CI).
tmux -L "$TMUX_SOCKET" new-session -d -s hold "tail -f /dev/null"

# nap [SECONDS]: the one pause of the scripts, between two looks of a poll (0.05 s) or two keys
# typed as a person (jump_to). No script sleeps a fixed time before a check (#33): it polls for
# the thing it waits for (wait_for, wait_gone, wait_until), or asks the app's own counters.
nap() { sleep "${1:-0.05}"; }

fail() { echo "FAIL [$E2E_NAME]: $*" >&2; screen_dump >&2 || true; exit 1; }
pass() { echo "ok   [$E2E_NAME]: $*"; }

# start_demo DATA_DIR [extra args…]: starts guestcraft-demo, sets DEMO_URL, DEMO_PID and ADMIN_KEY.
# The hotel is on the examples' business date, 2026-11-02 (docs/api.md §12), unless the extra
# arguments give another --business-date: without one the demo would live on today's date.
start_demo() {
  local data="$1"; shift
  local out="$E2E_TMP/demo-$RANDOM.out"
  local date=(--business-date 2026-11-02)
  case " $* " in *" --business-date "*) date=() ;; esac
  "$BIN_DIR/guestcraft-demo" serve --data "$data" "${date[@]}" "$@" >"$out" 2>"$out.err" &
  DEMO_PID=$!
  E2E_PIDS+=("$DEMO_PID")
  local deadline=$((SECONDS + 20))
  until grep -q '^listening on ' "$out" 2>/dev/null; do
    kill -0 "$DEMO_PID" 2>/dev/null || { cat "$out.err" >&2; fail "guestcraft-demo exited"; }
    [ $SECONDS -lt $deadline ] || fail "guestcraft-demo did not start"
    nap
  done
  DEMO_URL="$(sed -n 's/^listening on //p' "$out" | head -1)"
  ADMIN_KEY="$(cat "$data/admin-key")"
}

# start_desk ROLE: the demo on its fixed date, this device paired as ROLE and the app opened on
# Harbour View's Today (sets what start_demo sets).
start_desk() {
  start_demo "$E2E_TMP/demo"
  pair_device "$1"
  app_start -- "$BIN_DIR/guestcraft"
  wait_for "Harbour View Hotel"
  keys j Enter
  wait_for "Today · 2026-11-02"
}

# start_housekeeping [WxH]: the demo, this device paired as the housekeeper and the app opened
# on Housekeeping's room list (sets what start_demo sets).
start_housekeeping() {
  start_demo "$E2E_TMP/demo"
  pair_device housekeeper
  app_start "${1:-80x24}" -- "$BIN_DIR/guestcraft"
  wait_for "Housekeeping"
  keys F3
  wait_for "101 F1"
}

stop_demo() { kill "$DEMO_PID" 2>/dev/null || true; wait "$DEMO_PID" 2>/dev/null || true; }

# demo_admin METHOD PATH [JSON]: calls a /demo/ admin operation, prints the answer body.
demo_admin() {
  local method="$1" path="$2" body="${3:-}"
  if [ -n "$body" ]; then
    curl -sS -X "$method" -H "X-Demo-Admin-Key: $ADMIN_KEY" -H 'Content-Type: application/json' --data "$body" "$DEMO_URL$path"
  else
    curl -sS -X "$method" -H "X-Demo-Admin-Key: $ADMIN_KEY" "$DEMO_URL$path"
  fi
}

# json EXPRESSION: prints a Python expression of `d`, the JSON document on standard input.
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

# pairing_link MEMBER: a new pairing link for that demo member (what "Pair a device" shows).
pairing_link() { demo_admin POST /demo/pairings "{\"member\":\"$1\"}" | json 'd["pairing_url"]'; }

# pair_device MEMBER: pairs this device ($GUESTCRAFT_HOME) as that member, without the full screen.
pair_device() { "$BIN_DIR/guestcraft" pair "$(pairing_link "$1")" --yes >/dev/null || fail "pair --yes as $1 failed"; }

# app_start [WxH] -- command…: runs a command in a detached tmux session named "app".
app_start() {
  local size="80x24"
  if [[ "${1:-}" =~ ^[0-9]+x[0-9]+$ ]]; then size="$1"; shift; fi
  [ "${1:-}" = "--" ] && shift
  local cmd; printf -v cmd '%q ' "$@"
  tmux -L "$TMUX_SOCKET" new-session -d -s app -x "${size%x*}" -y "${size#*x}" \
    "env GUESTCRAFT_HOME=$(printf %q "$GUESTCRAFT_HOME") TERM=xterm-256color $cmd; echo \"[exited \$?]\"; exec tail -f /dev/null"
}

# app_stop: ends the "app" session (a next app_start starts afresh).
app_stop() { tmux -L "$TMUX_SOCKET" kill-session -t app 2>/dev/null || true; }

screen() { tmux -L "$TMUX_SOCKET" capture-pane -p -t app; }
screen_dump() { echo "---- screen ----"; screen; echo "----------------"; }
keys() { tmux -L "$TMUX_SOCKET" send-keys -t app "$@"; }
# jump_to NUMBER: types a room number as a person does (keys 80 ms apart, past the 35 ms a
# scanner's burst stays within, ScanAssembler) then Enter: a jump on the list, not a scan.
jump_to() {
  local digit
  for digit in $(echo "$1" | grep -o .); do keys "$digit"; nap 0.08; done
  keys Enter
}
paste_text() { tmux -L "$TMUX_SOCKET" set-buffer -- "$1"; tmux -L "$TMUX_SOCKET" paste-buffer -p -t app; }
resize() { tmux -L "$TMUX_SOCKET" resize-window -t app -x "$1" -y "$2"; }
cursor() { tmux -L "$TMUX_SOCKET" display -p -t app '#{cursor_x},#{cursor_y}'; }

# quit_app: q, and y when the app asks because changes are unsent; waits for the app to exit.
quit_app() {
  keys q
  local deadline=$((SECONDS + 10))
  until screen | grep -qF "[exited"; do
    screen | grep -qF "Quit now?" && keys y
    [ $SECONDS -lt $deadline ] || fail "the app did not quit"
    nap
  done
}

# save_rooms_online: opens the app once while the instance answers, on Housekeeping until its
# rooms are read (and so saved), then quits.
save_rooms_online() {
  app_start -- "$BIN_DIR/guestcraft"
  wait_for "3 Housekeeping"
  keys F3
  wait_for "101 F1  Arriving"
  quit_app
  app_stop
}

# wait_for TEXT [SECONDS]: waits until the screen contains TEXT (fixed string).
wait_for() {
  local text="$1" limit="${2:-15}"
  local deadline=$((SECONDS + limit))
  until screen | grep -qF -- "$text"; do
    [ $SECONDS -lt $deadline ] || fail "screen never showed: $text"
    nap
  done
}

# wait_gone TEXT [SECONDS]: waits until the screen no longer contains TEXT.
wait_gone() {
  local text="$1" limit="${2:-15}"
  local deadline=$((SECONDS + limit))
  while screen | grep -qF -- "$text"; do
    [ $SECONDS -lt $deadline ] || fail "screen still shows: $text"
    nap
  done
}

# wait_until WHAT CONDITION [SECONDS]: polls until the shell CONDITION holds, else fails naming WHAT.
wait_until() {
  local what="$1" condition="$2" limit="${3:-15}"
  local deadline=$((SECONDS + limit))
  until eval "$condition"; do
    [ $SECONDS -lt $deadline ] || fail "never: $what"
    nap
  done
}
