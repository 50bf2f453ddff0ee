#!/usr/bin/env bash
# Re-encoding a fault report's photo (#14): `guestcraft-photo` on a 12-megapixel camera JPEG
# (4000×3000, Orientation=6), as PhotoEncoder runs it (its standard limits: 512 MiB address space,
# 20 s of CPU). Wall time and peak RSS from /usr/bin/time, and the helper's own peak address space
# (what RLIMIT_AS limits); medians of RUNS runs. Beside it, for the limits' margins: a 12 MP HEIC
# (no shrink-on-load) and a 10000×10000 PNG (the 100 MP pixel budget).
# Usage: Benchmarks/photo_reencode.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
HELPER="$BIN/guestcraft-photo"
[ -x "$HELPER" ] || { echo "$HELPER is missing: swift build -c release" >&2; exit 2; }
need_tool vips libvips-tools
need_tool /usr/bin/time time
TMP="$(mktemp -d "${TMPDIR:-/tmp}/guestcraft-photo-bench.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
RUNS="${RUNS:-7}"
machine
echo "libvips $(vips --version | sed 's/^vips-//')"

# A photo-like 12 MP picture: blurred noise (a flat colour would decode and compress unrealistically fast).
vips gaussnoise "$TMP/n.v" 4000 3000 --mean 128 --sigma 60
vips bandjoin "$TMP/n.v $TMP/n.v $TMP/n.v" "$TMP/n3.v"
vips gaussblur "$TMP/n3.v" "$TMP/b.v" 1.5
vips cast "$TMP/b.v" "$TMP/photo.v" uchar
vips jpegsave "$TMP/photo.v" "$TMP/camera.jpg" --Q 92
if command -v exiftool >/dev/null; then exiftool -q -overwrite_original -n -Orientation=6 "$TMP/camera.jpg"; fi
vips copy "$TMP/photo.v" "$TMP/camera.heic"
vips black "$TMP/big.v" 10000 10000 --bands 3
vips copy "$TMP/big.v" "$TMP/budget.png"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# measure NAME FILE: RUNS runs of the helper; prints medians (and the output's size and pixels).
measure() {
  local name="$1" file="$2" walls=() rss=() vm=() answer=""
  for _ in $(seq 1 "$RUNS"); do
    /usr/bin/time -f "%e %M" -o "$TMP/time" env -i SWIFT_BACKTRACE=enable=no "$HELPER" "$file" "$TMP/out.jpg" >"$TMP/answer" 2>/dev/null || true
    answer="$(cat "$TMP/answer")"
    read -r wall maxrss <"$TMP/time"
    walls+=("$wall"); rss+=("$maxrss")
    vm+=("$(sed -n 's/.*"peak_vm_kib":\([0-9]*\).*/\1/p' "$TMP/answer")")
  done
  printf '%-34s %s (%s KB in)\n' "-- $name" "$answer" "$(( $(stat -c %s "$file") / 1024 ))"
  printf '   wall %s s, peak RSS %s MiB, peak address space %s MiB (medians of %s; output %s KB)\n' \
    "$(printf '%s\n' "${walls[@]}" | median)" \
    "$(( $(printf '%s\n' "${rss[@]}" | median) / 1024 ))" \
    "$(( $(printf '%s\n' "${vm[@]}" | median) / 1024 ))" "$RUNS" "$(( $(stat -c %s "$TMP/out.jpg" 2>/dev/null || echo 0) / 1024 ))"
}

measure "12 MP JPEG (4000x3000, Orientation=6)" "$TMP/camera.jpg"
measure "12 MP HEIC (4000x3000)" "$TMP/camera.heic"
measure "100 MP PNG (10000x10000)" "$TMP/budget.png"
