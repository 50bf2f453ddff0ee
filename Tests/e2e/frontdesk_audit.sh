#!/usr/bin/env bash
# After the night audit (#30), against guestcraft-demo serve on its fixed date: the stays due out
# on 2026-11-02 and never checked out (HV-1002 owing EUR 121.50) are on Today's Departures under
# "Overdue since 2026-11-02" once Today is read again, the title and the header name the new
# business date, `]` jumps to them, and `guestcraft report today` lists them with "as of" in the
# property's time zone.
source "$(dirname "$0")/lib.sh" "$1"

start_desk frontdesk
wait_for "Jonas Weber · HV-1002"
screen | head -1 | grep -qF "2026-11-02" || fail "the header does not name 2026-11-02: $(screen | head -1)"
screen | grep -qF "Overdue since" && fail "something is overdue before the audit"
pass "before the audit: Today and the header name 2026-11-02, nothing overdue"

[ "$(demo_admin POST /demo/night_audit | json "d['business_date']")" = 2026-11-03 ] || fail "the night audit did not move to 2026-11-03"
keys r
wait_for "Today · 2026-11-03"
wait_for "⚠ Overdue since 2026-11-02"
screen | grep -q "102  Jonas Weber · HV-1002.*Owes EUR 121.50" || fail "the overdue stay and what it owes are not shown"
screen | grep -q "202  Emma Laurent · HV-1006.*Nothing owed" || fail "the second overdue stay is not shown"
overdue_line=$(screen | grep -nF "⚠ Overdue since 2026-11-02" | cut -d: -f1)
jonas_line=$(screen | grep -nF "Jonas Weber · HV-1002" | cut -d: -f1)
[ "$overdue_line" -lt "$jonas_line" ] || fail "'Overdue since' is not above the stay"
screen | head -1 | grep -qF "2026-11-03" || fail "the header kept the old business date: $(screen | head -1)"
pass "after the audit: the overdue stays on Departures with 'Overdue since' and the header on 2026-11-03"

# From In house `[` jumps back to Departures (Arrivals is empty after the audit): the cursor lands
# on the first overdue stay.
keys End [
deadline=$((SECONDS + 5))
until screen | sed -n "$(( $(cursor | cut -d, -f2) + 1 ))p" | grep -q "^102  Jonas Weber"; do
  [ $SECONDS -lt $deadline ] || fail "[ did not land on the overdue stay (cursor $(cursor))"
  sleep 0.05
done
pass "[ jumps to Departures' first (overdue) stay"
quit_app
app_stop

# The header's date is remembered: the next start names 2026-11-03 from the first frame, offline too.
stop_demo
app_start -- "$BIN_DIR/guestcraft"
wait_for "Offline"
screen | head -2 | grep -qF "2026-11-03" || fail "the next start names the old date: $(screen | head -2)"
wait_for "⚠ Overdue since 2026-11-02"
pass "offline on the next start: the saved Today with its overdue stays, the header on 2026-11-03"
quit_app
app_stop

"$BIN_DIR/guestcraft" report today >"$E2E_TMP/report.txt" 2>"$E2E_TMP/report.err" || fail "report: $(cat "$E2E_TMP/report.err")"
grep -q "^Business date 2026-11-03 · as of 20[0-9-]* [0-9][0-9]:[0-9][0-9] Europe/Berlin" "$E2E_TMP/report.txt" \
  || fail "the report's heading: $(sed -n 2p "$E2E_TMP/report.txt")"
grep -q "Departures (2)" "$E2E_TMP/report.txt" || fail "the report's departures: $(cat "$E2E_TMP/report.txt")"
grep -q "Jonas Weber.*121.50 EUR" "$E2E_TMP/report.txt" || fail "the report does not list the overdue stay"
pass "the report lists the overdue stays, as of the property's local time"
