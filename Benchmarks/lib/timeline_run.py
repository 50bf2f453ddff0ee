#!/usr/bin/env python3
"""Runs COMMAND under a pseudo-terminal (80x24) with the timeline shim preloaded, until its screen
(pyte) shows UNTIL, then q; prints the shim's stamps and the harness's reads up to that point.
Usage: timeline_run.py SHIM OUT UNTIL COMMAND..."""
import fcntl, os, pty, select, struct, sys, termios, time
import pyte

shim, out, until, cmd = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
t0 = time.monotonic_ns()
pid, fd = pty.fork()
if pid == 0:
    os.environ.update({"TL_START": str(t0), "TL_OUT": out, "LD_PRELOAD": shim})
    os.execvp(cmd[0], cmd)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
screen = pyte.Screen(80, 24)
stream = pyte.ByteStream(screen)
reads = []
while time.monotonic_ns() < t0 + 5e9:
    ready, _, _ = select.select([fd], [], [], 0.005)
    if ready:
        data = os.read(fd, 65536)
        at = time.monotonic_ns()
        stream.feed(data)
        found = any(until in line for line in screen.display)
        reads.append("%8.3f harness read %d%s" % ((at - t0) / 1e6, len(data), " FOUND" if found else ""))
        if found:
            break
time.sleep(0.3)
os.write(fd, b"q")
deadline = time.time() + 3
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
os.waitpid(pid, 0)
lines = open(out).read().splitlines() + reads
lines.sort(key=lambda line: float(line.split()[0]))
end = next((i for i, line in enumerate(lines) if "FOUND" in line), len(lines) - 1)
print("\n".join(lines[:end + 1]))
