#!/usr/bin/env bash
# #18: what the terminal receives up to the first frame from saved rooms, byte for byte (a
# pseudo-terminal read by Python, no emulator): the set-up's one switch back to the normal
# character set and none in the frame's attribute changes (the app draws no line-drawing set);
# the keypad mode, the mouse and bracketed paste after the frame, not ahead of it; the frame
# whole on the alternate screen, entered once for it.
source "$(dirname "$0")/lib.sh" "$1"

start_demo "$E2E_TMP/demo"
pair_device housekeeper
save_rooms_online
stop_demo
pass "online once: the rooms were read and saved; the instance is stopped"

# capture COLS ROWS OUT: the app's output until bracketed paste is turned on (it follows the first
# frame) or 10 s; then SIGTERM.
capture() {
  python3 - "$BIN_DIR/guestcraft" "$1" "$2" "$3" <<'PY'
import fcntl, os, pty, select, signal, struct, sys, termios, time
binary, cols, rows, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm-256color"
    os.execv(binary, [binary])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
data, deadline = b"", time.time() + 10
while time.time() < deadline and b"\x1b[?2004h" not in data:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
os.kill(pid, signal.SIGTERM)
os.waitpid(pid, 0)
open(out, "wb").write(data)
PY
}

check() {
  python3 - "$1" "$2" <<'PY'
import sys
data, size = open(sys.argv[1], "rb").read(), sys.argv[2]
def fail(why):
    print("FAIL: %s (%s): %r" % (why, size, data[:600]))
    sys.exit(1)
end = data.find(b"\x1b[?2004h")
if end < 0: fail("bracketed paste never turned on: no first frame")
head = data[:end]
frame = head.find(b"Housekeeping")
if frame < 0: fail("no Housekeeping tab before bracketed paste")
if b"101" not in head[frame:]: fail("no room 101 in the frame")
if head.count(b"\x1b(B") != 1: fail("%d switches to the normal character set, not the set-up's one" % head.count(b"\x1b(B"))
if b"\x0f" in head: fail("a shift-in in the frame")
keypad = data.find(b"\x1b[?1h\x1b=")
if keypad < frame: fail("the keypad mode goes ahead of the frame")
mouse = data.find(b"\x1b[?1006;1000h")
if mouse < frame: fail("the mouse goes ahead of the frame")
enter = head.rfind(b"\x1b[?1049h")
if enter < 0 or enter > frame: fail("the frame is not drawn on the alternate screen")
if head.rfind(b"\x1b[?1049l") > enter: fail("the alternate screen is left before the frame")
PY
}

capture 80 24 "$E2E_TMP/first-80x24.bin"
check "$E2E_TMP/first-80x24.bin" 80x24 || fail "the first frame's bytes at 80x24"
pass "80x24: one switch to the normal character set (the set-up's); keypad and mouse after the frame"

capture 40 12 "$E2E_TMP/first-40x12.bin"
check "$E2E_TMP/first-40x12.bin" 40x12 || fail "the first frame's bytes at 40x12"
pass "40x12: the same"
