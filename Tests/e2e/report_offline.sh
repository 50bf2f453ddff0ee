#!/usr/bin/env bash
# `guestcraft report today` offline, against the real demo instance: with no account it exits 3;
# paired as the housekeeper but before any screen saved anything it exits 4 with a sentence; after
# the app saved the rooms once (Housekeeping), with the instance stopped, it prints the property,
# the business date, "as of" and every room's status from the saved copy (within 80 columns), says
# Today is not saved (the housekeeper cannot read Today, and this branch has no Today tab yet),
# and writes the same as CSV to a 0600 file. No token in any output.
# When the Today tab saves today.get, extend this with a front-desk member: arrivals,
# departures and in house from the saved copy.
source "$(dirname "$0")/lib.sh" "$1"


# report_run OUT ERR [args…]: runs the report, sets REPORT_STATUS.
report_run() {
  local out="$1" err="$2"; shift 2
  set +e
  "$BIN_DIR/guestcraft" report today "$@" >"$out" 2>"$err"
  REPORT_STATUS=$?
  set -e
}

report_run "$E2E_TMP/r0.out" "$E2E_TMP/r0.err"
[ "$REPORT_STATUS" = 3 ] || fail "with no account: status $REPORT_STATUS"
pass "no account: exit 3"

start_demo "$E2E_TMP/demo"
pair_device housekeeper
report_run "$E2E_TMP/r1.out" "$E2E_TMP/r1.err"
[ "$REPORT_STATUS" = 4 ] || fail "nothing saved: status $REPORT_STATUS, $(cat "$E2E_TMP/r1.err")"
[ -s "$E2E_TMP/r1.out" ] && fail "nothing saved, but something was printed: $(cat "$E2E_TMP/r1.out")"
grep -qE "^guestcraft: (Nothing saved for this property yet|No property is chosen)" "$E2E_TMP/r1.err" \
  || fail "nothing saved said: $(cat "$E2E_TMP/r1.err")"
pass "paired, nothing saved yet: exit 4 with a sentence"

# Online once: Housekeeping reads and saves the rooms.
save_rooms_online

# The instance goes away: the report comes from the saved copy only.
stop_demo
report_run "$E2E_TMP/r2.out" "$E2E_TMP/r2.err"
[ "$REPORT_STATUS" = 0 ] || fail "offline report: status $REPORT_STATUS, $(cat "$E2E_TMP/r2.err")"
OUT="$E2E_TMP/r2.out"
[ "$(head -1 "$OUT")" = "Harbour View Hotel" ] || fail "first line: $(head -1 "$OUT")"
grep -q "^Business date 2026-11-02 · as of 20[0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]" "$OUT" \
  || fail "no business date and as of: $(sed -n 2p "$OUT")"
grep -qx "Rooms (8)" "$OUT" || fail "no 'Rooms (8)': $(cat "$OUT")"
grep -qE "^  301 +Suite +3 +Out of order" "$OUT" || fail "room 301: $(grep 301 "$OUT")"
grep -qE "^  101 +Double +1 +Dirty +Arriving" "$OUT" || fail "room 101: $(grep 101 "$OUT")"
tr '\n' ' ' <"$OUT" | grep -qF "open Today once while online" || fail "Today's absence is not said: $(cat "$OUT")"
[ "$(wc -L <"$OUT")" -le 80 ] || fail "a line is wider than 80 columns"
pass "offline, the report prints the property, the date, as of and every room's status"

CSV="$E2E_TMP/today.csv"
report_run "$E2E_TMP/r3.out" "$E2E_TMP/r3.err" --format csv --output "$CSV"
[ "$REPORT_STATUS" = 0 ] || fail "csv report: status $REPORT_STATUS, $(cat "$E2E_TMP/r3.err")"
grep -qF "Report written to $CSV." "$E2E_TMP/r3.out" || fail "where it was written: $(cat "$E2E_TMP/r3.out")"
[ "$(stat -c %a "$CSV")" = 600 ] || fail "the report file is $(stat -c %a "$CSV"), not 600"
head -1 "$CSV" | grep -q "^Property,Business date,As of,List,Room," || fail "csv header: $(head -1 "$CSV")"
[ "$(wc -l <"$CSV")" = 9 ] || fail "csv rows: $(cat "$CSV")"
python3 -c "import csv,sys; rows=list(csv.reader(open(sys.argv[1], newline=''))); assert all(len(r)==16 for r in rows), rows" "$CSV" \
  || fail "csv is not 16 fields a row"
pass "--format csv --output writes a 0600 CSV and says where"

# A reader that goes (`| head -1`) ends the report quietly (#35: a Swift trap, exit 132). Its
# pipe's read end is closed before it starts, so the first write meets EPIPE every time.
set +e
python3 - "$BIN_DIR/guestcraft" >"$E2E_TMP/pipe.out" 2>&1 <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run([sys.argv[1], "report", "today"], stdout=w, stderr=subprocess.PIPE)
print(p.returncode, p.stderr.decode(errors="replace"))
PY
set -e
read -r PIPE_STATUS PIPE_ERR <"$E2E_TMP/pipe.out" || true
[ "$PIPE_STATUS" = 141 ] || [ "$PIPE_STATUS" = 0 ] || fail "report into a closed pipe: $(cat "$E2E_TMP/pipe.out")"
[ -z "$PIPE_ERR" ] || fail "report into a closed pipe said: $PIPE_ERR"
set +e
FIRST="$("$BIN_DIR/guestcraft" report today | head -1; echo " ${PIPESTATUS[0]}")"
set -e
[ -n "${FIRST% *}" ] || fail "report today | head -1 printed nothing"
case "${FIRST##* }" in 0|141) ;; *) fail "report today | head -1 exited ${FIRST##* }" ;; esac
pass "a reader that goes ends the report quietly (exit $PIPE_STATUS)"

for f in "$E2E_TMP"/r*.out "$E2E_TMP"/r*.err "$CSV"; do
  grep -q "gcd_" "$f" && fail "a token in $f"
done
pass "no token in any output"
