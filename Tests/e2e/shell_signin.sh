#!/usr/bin/env bash
# Sign in with a browser against the real demo instance: the address typed in Connect, the
# browser played by a script ($BROWSER), the session made and the property chosen; Esc cancels
# a sign-in waiting for its browser and closes the listener.
source "$(dirname "$0")/lib.sh" "$1"
PLAYER="$(cd "$(dirname "$0")" && pwd)/browser_player.py"

start_demo "$E2E_TMP/demo"

# A browser that never comes back: the URL is shown to copy, Esc cancels.
app_start -- env BROWSER=true "$BIN_DIR/guestcraft"
wait_for "Connect to a GuestCraft instance"
keys "$DEMO_URL" Enter
wait_for "Sign in with a browser"
keys Enter
wait_for "Waiting for the sign-in in the browser"
wait_for "/mobile/authorize?"
PORT="$(screen | tr -d '\n' | grep -o 'redirect_uri=http%3A%2F%2F127.0.0.1%3A[0-9]*' | head -1 | sed 's/.*%3A//')"
[ -n "$PORT" ] || fail "no loopback port in the URL shown"
curl -s -o /dev/null "http://127.0.0.1:$PORT/" || fail "the loopback listener is not listening"
keys Escape
wait_for "Sign-in cancelled."
deadline=$((SECONDS + 10))
while curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || fail "the listener still listens after Esc"
  sleep 0.05
done
pass "the URL is shown to copy; Esc cancels and closes the listener"
keys Escape q
wait_for "[exited 0]"

app_stop
app_start -- env "BROWSER=python3 $PLAYER" E2E_MEMBER=frontdesk "$BIN_DIR/guestcraft"
wait_for "Saved instances"
keys Enter
wait_for "Sign in with a browser"
keys Enter
wait_for "Choose a property" 20
keys Enter
# The front desk has no My tasks (#31: tabs a role cannot use are not shown).
wait_for " 1 Today  2 Search  3 Housekeeping  5 Account"
keys F5
wait_for "Fatima Okafor"
pass "the browser sign-in makes a session and opens the instance"
keys q
wait_for "[exited 0]"
