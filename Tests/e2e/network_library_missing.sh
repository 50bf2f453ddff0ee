#!/usr/bin/env bash
# #18: libcurl is loaded when the network is first needed, never before the first frame. With
# libcurl truly absent from the loader's path (a private mount namespace hides the library file
# behind an empty one: root only), the app still starts, draws the saved rooms, keeps a change in
# the outbox and says why nothing is sent; `guestcraft status`, `send` with nothing waiting,
# `--help` and `--version` work; the Connect screen says the library is missing. Back with the
# library, `guestcraft send` sends the change once. The built binaries need neither libcurl nor
# libmicrohttpd (objdump's NEEDED).
source "$(dirname "$0")/lib.sh" "$1"

for bin in guestcraft guestcraft-demo; do
  needed="$(objdump -p "$BIN_DIR/$bin" | awk '/NEEDED/ {print $2}')"
  grep -qE 'libcurl|libmicrohttpd' <<<"$needed" && fail "$bin links $(grep -E 'libcurl|libmicrohttpd' <<<"$needed" | tr '\n' ' ')"
done
pass "neither binary lists libcurl or libmicrohttpd as NEEDED"

# (awk reads all of ldconfig's list: leaving early would end ldconfig with SIGPIPE under pipefail.)
LIBCURL="$(ldconfig -p | awk '/libcurl\.so\.4 / && !found {print $NF; found = 1}')"
LIBCURL="$(readlink -f "$LIBCURL")"
[ -f "$LIBCURL" ] || fail "libcurl.so.4 not found through ldconfig"
# without_curl CMD…: runs CMD where libcurl.so.4 is an empty file (the rest of the system as is).
without_curl() {
  unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$LIBCURL" "$@"
}
if ! without_curl true 2>/dev/null; then
  echo "skip [$E2E_NAME]: a private mount namespace is not allowed here (unshare -m needs root); the rest is not tried"
  exit 0
fi
without_curl sh -c 'exec curl --version' >/dev/null 2>&1 && fail "curl still loads libcurl inside the namespace"
pass "inside the namespace libcurl cannot be loaded (curl itself fails)"

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
pair_device housekeeper
save_rooms_online
pass "online once with libcurl: the rooms were read and saved"

# The instance is still up: only the library is missing.
app_start -- unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$LIBCURL" "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping"
wait_for "network library, libcurl"
wait_for "Offline"
keys F3
wait_for "101 F1  Arriving"
pass "without libcurl the app draws the saved rooms and says the network library is missing"
jump_to 101
keys c
wait_for "1 to send"
quit_app
app_stop
grep -q "libcurl could not be loaded" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log does not say libcurl is missing"
pass "a change made meanwhile waits in the outbox; the log says why"

STATUS="$(without_curl "$BIN_DIR/guestcraft" status)" || fail "status failed without libcurl"
[[ "$STATUS" == *"1 to send, 0 to review"* ]] || fail "status printed: $STATUS"
without_curl "$BIN_DIR/guestcraft" --version | grep -q "^built for libcurl " || fail "--version without libcurl"
without_curl "$BIN_DIR/guestcraft" --help >/dev/null || fail "--help without libcurl"
pass "status, --version and --help work without libcurl"

# A new device without libcurl: adding an instance says what is missing.
export GUESTCRAFT_HOME="$E2E_TMP/home-new"
without_curl "$BIN_DIR/guestcraft" send >/dev/null || fail "send with nothing to send failed without libcurl"
app_start -- unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$LIBCURL" "$BIN_DIR/guestcraft"
wait_for "Connect"
paste_text "$DEMO_URL"
keys Enter
wait_for "network library, libcurl" 20
pass "the Connect screen says the network library is missing"
app_stop

# With libcurl back, the change goes once.
export GUESTCRAFT_HOME="$E2E_TMP/home"
"$BIN_DIR/guestcraft" send >/dev/null || fail "send with libcurl failed"
STATS="$(demo_admin GET /demo/stats)"
[ "$(echo "$STATS" | json 'd["writes_applied"].get("units.housekeeping", 0)')" = 1 ] || fail "room writes: $STATS"
pass "with libcurl back, guestcraft send applies the change once"
