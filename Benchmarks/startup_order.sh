#!/usr/bin/env bash
# #18: the start's functions, for the release link's order file (packaging/startup.order). The app
# is started under `valgrind --tool=callgrind` as the two starts people wait for — a supervisor on
# Garden Court's 2,000 saved rooms (Housekeeping) and the front desk on its saved Today — with the
# instance stopped; each run is counted to its first frame (the dump before libcurl loads) and
# then a second on (the instance check, libcurl's first use, the quit); `--version` and `status`
# follow, counted whole. Printed: how many of the
# functions those starts ran that the binary defines are in the order file, in its first part (the
# first frames') or later — a figure that falls as code is renamed and the file goes stale.
# STARTUP_ORDER_WRITE=1 writes the file anew: the first frames' functions, then the rest, each
# once, only names the binary defines. The link skips a name that no longer exists, so a stale file
# costs pages, never a build.
# Usage: Benchmarks/startup_order.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
need_tool tmux
need_tool valgrind
machine
ORDER="$ROOT/packaging/startup.order"

# valgrind cannot read the static binary's DWARF 5; its symbol table is all the count needs.
objcopy --strip-debug "$BIN/guestcraft" "$BIN/guestcraft-callgrind"   # beside it: the catalog is found as the app finds it

# count NAME UNTIL: the app under callgrind until its pane shows UNTIL and a second after; the
# counts are in $TMP/NAME.<pid> (the first frame) and $TMP/NAME.<pid>.1 … (what followed).
count() {
  local name="$1" until="$2"
  app_in_tmux env GUESTCRAFT_NETWORK_HOLD_MS=60000 valgrind --tool=callgrind --demangle=no \
    --dump-before=gc_curl_load --callgrind-out-file="$TMP/$name.%p" "$BIN/guestcraft-callgrind"
  for _ in $(seq 1 1200); do tmux -L "$SOCKET" capture-pane -p -t app | grep -qF "$until" && break; sleep 0.05; done
  tmux -L "$SOCKET" capture-pane -p -t app | grep -qF "$until" || { echo "never showed $until" >&2; exit 1; }
  sleep 1
  tmux -L "$SOCKET" send-keys -t app q
  wait_app_gone
}

start_demo rooms --capabilities mobile_sessions,mobile_pairing,housekeeping,housekeeping_tasks
pair_app supervisor
seed_rooms
stop_demo
count rooms "2000 rooms"

export GUESTCRAFT_HOME="$TMP/desk-home"
mkdir -p "$GUESTCRAFT_HOME"
start_demo desk
pair_app frontdesk
seed_today
stop_demo
count desk "Arrivals"

# The commands a script or the send timer runs (--version, status), after the two starts.
for command in --version status; do
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$TMP/command-${command#--}.%p" \
    "$BIN/guestcraft-callgrind" $command >/dev/null 2>&1 || true
done

nm --defined-only "$BIN/guestcraft" | awk '$2 ~ /^[tTwW]$/ { print $3 }' > "$TMP/defined"
"$PY" - "$TMP" "$TMP/defined" "$ORDER" "${STARTUP_ORDER_WRITE:-0}" <<'PY'
import glob, os, re, sys
tmp, defined_path, order_path, write = sys.argv[1:5]
defined = set(open(defined_path).read().split())

def functions(path):
    """The functions a callgrind file names, in the order it first names them."""
    names, seen = [], set()
    for line in open(path, errors="replace"):
        m = re.match(r"c?fn=\(\d+\)(?: (.*))?$", line.rstrip("\n"))
        if not m or not m.group(1):
            continue
        name = re.sub(r"'\d+$", "", m.group(1))
        if name in defined and name not in seen:
            seen.add(name)
            names.append(name)
    return names

first, later = [], []
for run in ("rooms", "desk"):
    # callgrind names the part dumped before libcurl loads NAME.<pid>.1, the rest NAME.<pid>.
    parts = glob.glob(os.path.join(tmp, run + ".*.1"))
    rest = [p for p in glob.glob(os.path.join(tmp, run + ".*")) if re.search(r"\.\d+$", p) and p not in parts
            and not re.search(r"\.\d+\.\d+$", p)]
    if not parts and not rest:
        sys.exit("no callgrind counts for " + run)
    first += functions((parts or rest)[0])
    for path in rest if parts else []:
        later += functions(path)
for path in sorted(glob.glob(os.path.join(tmp, "command-*"))):
    later += functions(path)
ordered = list(dict.fromkeys(first + later))
first_set = set(first)

listed = []
if os.path.exists(order_path):
    listed = [l.split("#", 1)[0].strip() for l in open(order_path)]
    listed = [l for l in listed if l]
listed_set = set(listed)
print("the starts ran %d functions of the binary (%d before their first frames)" % (len(ordered), len(first_set)))
print("in %s: %d of them (%d of the first frames'); %d names listed, %d of which the binary no longer defines"
      % (os.path.relpath(order_path), len(listed_set & set(ordered)), len(listed_set & first_set),
         len(listed), len([l for l in listed if l not in defined])))
if write == "1":
    with open(order_path, "w") as out:
        out.write("# The functions the start runs, first frame first (Benchmarks/startup_order.sh writes it;\n")
        out.write("# the release link lays .text out in this order: Makefile, RELEASE_FLAGS).\n")
        for name in ordered:
            out.write(name + "\n")
    print("wrote %d names to %s" % (len(ordered), os.path.relpath(order_path)))
PY
rm -f "$BIN/guestcraft-callgrind"
