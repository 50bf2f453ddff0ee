#!/usr/bin/env bash
# The supervisor's board (#31) at 80x24: each floor's counts by status are those units.list
# gives (read with curl on a device token of the supervisor's own), and a bulk change of one
# floor applies once per room (/demo/stats writes_applied).
source "$(dirname "$0")/lib.sh" "$1"

writes() { demo_admin GET /demo/stats | json "d['writes_applied'].get('units.housekeeping', 0)"; }

start_desk supervisor

# A token of the supervisor's own, for curl (a second pairing of the same member).
CODE="$(pairing_link supervisor | sed 's/.*#//')"
TOKEN="$(curl -sS -X POST -H 'Content-Type: application/json' \
  --data "{\"pairing_code\":\"$CODE\",\"device_name\":\"board e2e curl\"}" \
  "$DEMO_URL/api/v1/device_sessions" | json 'd["token"]')"
units() { curl -sS -H "Authorization: Bearer $TOKEN" "$DEMO_URL/api/v1/properties/prp_harbour/units"; }

# "Floor 2  ✗2  ✓1  ★0  ⚠0  ⊘0" for every floor, from units.list.
expected_floors() {
  units | python3 -c '
import json, sys
d = json.load(sys.stdin)
symbols = [("dirty", "✗"), ("clean", "✓"), ("inspected", "★"), ("out_of_order", "⚠"), ("out_of_service", "⊘")]
for floor in sorted({u["floor"] for u in d["units"]}):
    rooms = [u for u in d["units"] if u["floor"] == floor]
    counts = "  ".join(s + str(sum(1 for u in rooms if u["housekeeping_status"] == k)) for k, s in symbols)
    print("Floor %d  %s" % (floor, counts))'
}
shown_floors() { screen | grep -oE '^Floor [0-9]+  ✗[0-9]+  ✓[0-9]+  ★[0-9]+  ⚠[0-9]+  ⊘[0-9]+'; }

keys F3
wait_for "b Board"
keys b
wait_for "Board · 2026-11-02"
wait_for "Tasks of 2026-11-02"
[ -n "$(expected_floors)" ] || fail "units.list gave no floors"
[ "$(shown_floors)" = "$(expected_floors)" ] \
  || fail "the counts per floor differ from units.list:$(printf '\n%s\n--- units.list:\n%s' "$(shown_floors)" "$(expected_floors)")"
pass "the counts per floor match units.list"

# Floor 2 to Clean: the rooms of floor 2 not clean yet (none is blocked in the seed).
TO_SET="$(units | json 'sum(1 for u in d["units"] if u["floor"] == 2 and u["housekeeping_status"] != "clean")')"
[ "$TO_SET" -ge 2 ] || fail "the seed's floor 2 has $TO_SET rooms to clean"
BEFORE="$(writes)"
keys Home j
keys c
wait_for "Set $TO_SET rooms on floor 2 to Clean?"
sleep 0.5
[ "$(writes)" = "$BEFORE" ] || fail "a change was sent before the answer"
keys Enter
wait_for "$TO_SET rooms set to Clean"
wait_for "All sent"
deadline=$((SECONDS + 10))
until [ "$(writes)" = "$((BEFORE + TO_SET))" ]; do
  [ $SECONDS -lt $deadline ] || fail "writes applied: $(writes), expected $((BEFORE + TO_SET))"
  sleep 0.1
done
sleep 1
[ "$(writes)" = "$((BEFORE + TO_SET))" ] || fail "more writes than rooms: $(writes)"
[ "$(units | json 'sum(1 for u in d["units"] if u["floor"] == 2 and u["housekeeping_status"] != "clean")')" = 0 ] \
  || fail "floor 2 is not all clean at the instance"
[ "$(shown_floors)" = "$(expected_floors)" ] || fail "after the bulk change the board differs from units.list"
pass "a bulk change of floor 2 applies once per room ($TO_SET writes); the board matches units.list"

quit_app
