#!/usr/bin/env bash
# Fault reports with photos, offline, exactly once (#14). As the supervisor at 40×12, room 203's
# detail → Report a fault with the instance stopped: Plumbing, a description, a camera JPEG
# (4000×3000 with GPS and an orientation) and a PNG from the photos folder, out of order today
# to tomorrow with a reason. The report is saved ("3 to send"); `guestcraft send` after the
# instance is back makes one ticket and two photos, whose bytes read back from the demo are the
# saved ones (sha256) with no GPS or other metadata (exiftool); the room is out of order. A
# second report on the same dates is refused next to its date (block.overlap) and goes once the
# room is no longer taken out.
source "$(dirname "$0")/lib.sh" "$1"

stat() { demo_admin GET /demo/stats | json "d.get('$1', 0)"; }
focused_line() { local y; y="$(cursor)"; y="${y#*,}"; screen | sed -n "$((y + 1))p"; }
pics="$E2E_TMP/pics"
mkdir -p "$pics"
vips black "$E2E_TMP/grey.v" 4000 3000 --bands 3
vips linear "$E2E_TMP/grey.v" "$E2E_TMP/mid.v" "1 1 1" "128 128 128" --uchar
vips jpegsave "$E2E_TMP/mid.v" "$pics/leak.jpg" --Q 95
exiftool -q -overwrite_original -n -GPSLatitude=53.55 -GPSLatitudeRef=N -GPSLongitude=9.99 -GPSLongitudeRef=E \
  -XMP:Creator=Housekeeper -Orientation=6 "$pics/leak.jpg"
touch -d "1 minute ago" "$pics/leak.jpg"
vips black "$pics/ceiling.png" 800 600 --bands 3

start_demo "$E2E_TMP/demo"
PORT="${DEMO_URL##*:}"
pair_device supervisor
app_start 40x12 -- env GUESTCRAFT_PHOTOS="$pics" "$BIN_DIR/guestcraft"
wait_for "Choose a property"
keys j Enter
wait_for "Today"
keys F3
wait_for "101 F1"
keys 2 0 3 Enter
wait_for "Room 203"
keys End Enter
wait_for "Report a fault · Room 203"
pass "room 203's detail opens the form at 40×12"
stop_demo

keys Enter; wait_for "Plumbing"; keys Enter
keys Tab Tab
keys -l "Water drips from the ceiling"
keys Tab Enter
wait_for "ceiling.png"
keys Enter                       # the newest first: ceiling.png
wait_for "800×600"
keys Enter; wait_for "leak.jpg"; keys j Enter
wait_for "1200×1600"             # turned upright, 1,600 on its long side
pass "two photos chosen from the folder, each re-encoded on the device (800×600, 1200×1600)"
keys Tab Enter; wait_for "Out of service"; keys j Enter
wait_for "Take room out Out of order"
keys Tab Tab Tab
keys -l "Ceiling leak"
keys Tab Enter
wait_for "Saved; the report on room 203 will be"
pass "offline, the report is saved with its photos and block"
status="$("$BIN_DIR/guestcraft" status)"
[[ "$status" == *"3 to send"* ]] || fail "guestcraft status printed: $status"
pass "guestcraft status counts the report and its photos: $status"

# What was saved: the photos' ids and the sha256 of their bytes (after the payload's header line).
python3 - "$GUESTCRAFT_HOME/guestcraft.db" >"$E2E_TMP/saved" <<'PY'
import hashlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for subject, payload in db.execute("SELECT subject, payload FROM outbox_entries WHERE operation = 'maintenance_photos.put' ORDER BY id"):
    jpeg = bytes(payload).split(b"\n", 1)[1]
    print(subject.rsplit(":", 1)[1], hashlib.sha256(jpeg).hexdigest())
PY
[ "$(wc -l <"$E2E_TMP/saved")" = 2 ] || fail "two photos were not saved: $(cat "$E2E_TMP/saved")"
app_stop

start_demo "$E2E_TMP/demo" --port "$PORT"
"$BIN_DIR/guestcraft" send >/dev/null || fail "guestcraft send did not send everything"
[ "$(stat maintenance_tickets)" = 1 ] || fail "tickets: $(stat maintenance_tickets)"
[ "$(stat maintenance_photos)" = 2 ] || fail "photos: $(stat maintenance_photos)"
pass "guestcraft send made one ticket and two photos"
while read -r photo sha; do
  curl -sS -H "X-Demo-Admin-Key: $ADMIN_KEY" "$DEMO_URL/demo/maintenance_photos/$photo" -o "$E2E_TMP/$photo.jpg"
  [ "$(sha256sum "$E2E_TMP/$photo.jpg" | cut -d' ' -f1)" = "$sha" ] || fail "photo $photo: the bytes differ from the saved ones"
  tags="$(exiftool -s -s -s -EXIF:all -GPS:all -XMP:all -IPTC:all "$E2E_TMP/$photo.jpg")"
  [ -z "$tags" ] || fail "photo $photo keeps metadata: $tags"
done <"$E2E_TMP/saved"
pass "the photos the demo keeps are the saved bytes, with no EXIF, GPS, XMP or IPTC"

# The room is out of order; a second report on the same dates is refused next to its date.
app_start 40x12 -- env GUESTCRAFT_PHOTOS="$pics" "$BIN_DIR/guestcraft"
wait_for "Today"
keys F3
wait_for "101 F1"
# The saved copy shows first; the fresh read after it brings the block.
deadline=$((SECONDS + 15))
until screen | grep -E "^203 " | grep -q "Out of order"; do
  [ $SECONDS -lt $deadline ] || fail "room 203 does not show out of order"
  sleep 0.2
done
pass "room 203 shows out of order once the block is applied"
keys 2 0 3 Enter
wait_for "Room 203"
keys End Enter
wait_for "Report a fault · Room 203"
keys Enter; wait_for "Plumbing"; keys j Enter
keys Tab Tab
keys -l "The socket sparks"
keys Tab Tab Enter; wait_for "Out of service"; keys j Enter
keys Tab Tab Tab
keys -l "Socket"
keys Tab Enter
wait_for "The instance says: Room 203 is already"
screen | grep -A4 "The instance says" | grep -q "^From" || fail "the refusal is not next to From"
[ "$(focused_line | cut -c1-4)" = "From" ] || fail "the focus is not on From: $(focused_line)"
pass "a block on the same dates is refused next to its date"
keys Up Enter; wait_for "Out of service"; keys k; sleep 0.2; keys k; sleep 0.2; keys Enter
wait_for "Take room out No"
keys End Enter
wait_for "Report sent for room 203"
wait_for "All sent"
[ "$(stat maintenance_tickets)" = 2 ] || fail "tickets after the correction: $(stat maintenance_tickets)"
pass "corrected (the room not taken out again), it went as one new report"
app_stop

# The housekeeper reports from a task's detail (the report is linked to the task); her role may
# not take rooms out, so the form does not offer it.
OTHER_HOME="$E2E_TMP/housekeeper"
export GUESTCRAFT_HOME="$OTHER_HOME"
pair_device housekeeper
app_start 40x12 -- env GUESTCRAFT_PHOTOS="$pics" "$BIN_DIR/guestcraft"
wait_for "Rooms"
keys F4
wait_for "Departure clean"
keys Enter
wait_for "Due 2026-11-02"
keys End
wait_for "Report a fault"
keys Enter
wait_for "Report a fault · Room"
keys Enter; wait_for "Plumbing"; keys Enter
keys Tab Tab
keys -l "The tap drips"
keys Tab Tab
wait_for "Taking the room out: not for your role."
screen | grep -q "Take room out" && fail "the housekeeper is offered to take the room out"
keys Enter
wait_for "Report sent for room"
[ "$(stat maintenance_tickets)" = 3 ] || fail "tickets after the housekeeper's report: $(stat maintenance_tickets)"
pass "the housekeeper reports from a task's detail (no block offered to her role)"
app_stop

# Lost answers and a killed send: the supervisor saves a report on room 102 with two photos
# offline; the demo drops the answers of the ticket and of the first photo (applied, then the
# connection closed): one ticket and two photos. Then another report; `guestcraft send` is
# killed (kill -9) after the ticket, while a photo waits: the next send gives one ticket and two
# photos all the same.
export GUESTCRAFT_HOME="$E2E_TMP/home"
report_offline() {   # report_offline ROOM TEXT: a report with both photos, saved with the demo stopped
  app_start 40x12 -- env GUESTCRAFT_PHOTOS="$pics" "$BIN_DIR/guestcraft"
  wait_for "Today"
  keys F3
  wait_for "101 F1"
  stop_demo
  keys "${1:0:1}" "${1:1:1}" "${1:2:1}" Enter
  wait_for "Room $1"
  keys End Enter
  wait_for "Report a fault · Room $1"
  keys Enter; wait_for "Plumbing"; keys Enter
  keys Tab Tab
  keys -l "$2"
  keys Tab Enter; wait_for "ceiling.png"; keys Enter; wait_for "800×600"
  keys Enter; wait_for "leak.jpg"; keys j Enter; wait_for "1200×1600"
  keys Tab Tab Enter
  wait_for "Saved; the report on room $1 will be"
  app_stop
}
report_offline 102 "The shower drain is blocked"
start_demo "$E2E_TMP/demo" --port "$PORT"
demo_admin POST /demo/faults '{"operation": "maintenance_tickets.put", "kind": "drop_after_apply", "count": 1}' >/dev/null
demo_admin POST /demo/faults '{"operation": "maintenance_photos.put", "kind": "drop_after_apply", "count": 1}' >/dev/null
tickets="$(stat maintenance_tickets)"; photos="$(stat maintenance_photos)"
for _ in 1 2 3; do "$BIN_DIR/guestcraft" send >/dev/null 2>&1 && break; sleep 1; done
[ "$(stat maintenance_tickets)" = $((tickets + 1)) ] || fail "lost answers: tickets $tickets → $(stat maintenance_tickets)"
[ "$(stat maintenance_photos)" = $((photos + 2)) ] || fail "lost answers: photos $photos → $(stat maintenance_photos)"
pass "the answers of the ticket and a photo lost: still one ticket and two photos"

report_offline 102 "The mirror is cracked"
start_demo "$E2E_TMP/demo" --port "$PORT"
demo_admin POST /demo/faults '{"operation": "maintenance_photos.put", "kind": "delay", "delay_ms": 5000, "count": 1}' >/dev/null
tickets="$(stat maintenance_tickets)"; photos="$(stat maintenance_photos)"
"$BIN_DIR/guestcraft" send >/dev/null &
SEND_PID=$!
deadline=$((SECONDS + 10))
until [ "$(stat maintenance_tickets)" = $((tickets + 1)) ]; do
  [ $SECONDS -lt $deadline ] || fail "the ticket was not sent"
  sleep 0.1
done
sleep 0.5
kill -9 "$SEND_PID"; wait "$SEND_PID" 2>/dev/null || true
[ "$(stat maintenance_photos)" = "$photos" ] || fail "a photo was stored before the kill: $(stat maintenance_photos)"
for _ in 1 2 3; do "$BIN_DIR/guestcraft" send >/dev/null 2>&1 && break; sleep 1; done
[ "$(stat maintenance_tickets)" = $((tickets + 1)) ] || fail "after the kill: tickets $tickets → $(stat maintenance_tickets)"
[ "$(stat maintenance_photos)" = $((photos + 2)) ] || fail "after the kill: photos $photos → $(stat maintenance_photos)"
pass "guestcraft send killed (-9) between the ticket and its photos: the next send gives one ticket and two photos"
