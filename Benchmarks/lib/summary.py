#!/usr/bin/env python3
"""The one table `make bench` ends with (#18): reads the output of every Benchmarks/*.sh of the
run (the log `make bench` keeps) and prints the figures that matter beside SPEC §10's bars, the
first frames as ratios to mc -u and tig timed in the same run. Figures only: nothing is judged
here, a bar is printed beside its figure. A figure a script did not print says "not measured".

  summary.py BENCH_LOG
"""
import re, sys

MEDIAN = re.compile(r"median ([0-9.]+)")


def parse(lines):
    found, section = {}, ""
    for raw in lines:
        line = raw.rstrip("\n")
        if line.startswith("== "):
            script = line[3:].split("/")[-1]
            section = ""
            continue
        if line.startswith("-- "):
            section = line[3:]
            continue
        median = MEDIAN.search(line)
        if line.startswith("first frame:") and median:
            value = float(median.group(1))
            if section.startswith("guestcraft, saved rooms, instance stopped (80x24)"):
                found["ff_offline"] = value
            elif section.startswith("guestcraft, saved rooms, instance hung (80x24)"):
                found["ff_hung"] = value
            elif section.startswith("guestcraft, saved rooms, instance stopped, interleaved"):
                found["ff_offline_interleaved"] = value
            elif section.startswith("guestcraft, Today from its saved read, 5,000 rooms, instance stopped, interleaved"):
                found["ff_today_interleaved"] = value
            elif section.startswith("mc -u, interleaved with guestcraft's Today"):
                found["ff_mc_today_interleaved"] = value
            elif section.startswith("mc -u, interleaved"):
                found["ff_mc_interleaved"] = value
            elif section.startswith("mc -u"):
                found["ff_mc"] = value
            elif section.startswith("tig "):
                found["ff_tig"] = value
            elif section.startswith("guestcraft, Today from its saved read, 5,000 rooms, instance stopped (80x24)"):
                found["ff_today"] = value
        elif line.startswith("after keys:") and median and section == "offline, saved rooms: filter dirty rooms (s) (80x24)":
            found["key_pty"] = float(median.group(1))
        elif line.startswith("in the app, key to drawn:") and median and section.startswith("offline, saved rooms: filter dirty"):
            found.setdefault("key_app", []).append(float(median.group(1)))
        elif line.startswith("guestcraft --version:") and median:
            found["version"] = float(median.group(1))
        elif line.startswith("mc --version:") and median:
            found["mc_version"] = float(median.group(1))
        elif m := re.match(r"guestcraft, offline, from 5,000 saved rooms: peak RSS ([0-9.]+) MiB", line):
            found["rss_offline_5000"] = float(m.group(1))
        elif m := re.match(r"guestcraft, (online|offline)[^:]*: peak RSS ([0-9.]+) MiB", line):
            found.setdefault("rss_" + m.group(1), []).append(float(m.group(2)))
        elif m := re.match(r"first frame peak RSS: ([0-9.]+) MiB", line):
            found["rss_first_frame"] = float(m.group(1))
        elif m := re.match(r"outbox latency \(([^)]+)\), (\d+) changes, (\d+) ms round trips, window (\d+): (\d+) ms", line):
            # outbox_latency.sh (#34): per link and window, every run.
            key = (m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)))
            found.setdefault("latency", {}).setdefault(key, []).append(int(m.group(5)))
        elif m := re.match(r"guestcraft send: (\d+) ms wall", line):
            found.setdefault("send", []).append(int(m.group(1)))
        elif m := re.match(r"units\.list \([^)]*\) refresh, same connection: 304: .* = (\d+) B on the wire", line):
            # refresh_bytes.sh's own sections (proxy_refresh.sh prints such lines through nginx).
            if section.startswith(("HTTP on loopback", "HTTPS on loopback")):
                key = "refresh_https" if section.startswith("HTTPS") else "refresh_http"
                found.setdefault(key, int(m.group(1)))
        elif m := re.match(r"CPU: (\d+) ms in (\d+) s", line):
            found.setdefault("cpu", []).append((section, int(m.group(1)), int(m.group(2))))
        elif m := re.match(r"\s*total (\d+) Ir", line):
            # The section's first total: the first frame's (the part after the frame follows).
            key = "ir_version" if "--version" in section else "ir_first_frame"
            found.setdefault(key, int(m.group(1)))
    return found


def fmt(value, unit):
    if value is None:
        return "not measured"
    if isinstance(value, float):
        return "%.1f %s" % (value, unit)
    return "{:,} {}".format(value, unit)


def main():
    found = parse(open(sys.argv[1], errors="replace"))
    mc, tig = found.get("ff_mc"), found.get("ff_tig")

    def ratio(value, to):
        return "%.2f×" % (value / to) if value is not None and to else "—"

    rows = []
    for key, label in (("ff_offline", "first frame, saved 2,000 rooms, instance stopped, 80x24"),
                       ("ff_hung", "first frame, saved 2,000 rooms, instance hung, 80x24"),
                       ("ff_today", "first frame, saved Today, 5,000 rooms, instance stopped, 80x24")):
        value = found.get(key)
        rows.append((label, fmt(value, "ms"), "≤ 25 ms, ≤ 0.8 × mc -u", ratio(value, mc) + " of mc -u, " + ratio(value, tig) + " of tig"))
    interleaved, mc_interleaved = found.get("ff_offline_interleaved"), found.get("ff_mc_interleaved")
    rows.append(("first frame, saved 2,000 rooms, stopped, 80x24, runs taking turns with mc -u", fmt(interleaved, "ms"),
                 "≤ 0.8 × mc -u", ratio(interleaved, mc_interleaved) + " of mc -u taking turns (%s)" % fmt(mc_interleaved, "ms")))
    today, mc_today = found.get("ff_today_interleaved"), found.get("ff_mc_today_interleaved")
    rows.append(("first frame, saved Today, 5,000 rooms, stopped, 80x24, runs taking turns with mc -u", fmt(today, "ms"),
                 "≤ 0.8 × mc -u", ratio(today, mc_today) + " of mc -u taking turns (%s)" % fmt(mc_today, "ms")))
    rows.append(("mc -u, same run (yardstick)", fmt(mc, "ms"), "", ""))
    rows.append(("tig, same run (yardstick)", fmt(tig, "ms"), "", ""))
    rows.append(("guestcraft --version (hyperfine)", fmt(found.get("version"), "ms"), "≤ 2 × mc --version",
                 ratio(found.get("version"), found.get("mc_version")) + " of mc --version"))
    rows.append(("instructions, exec to first frame (callgrind)", fmt(found.get("ir_first_frame"), "Ir"), "", ""))
    rows.append(("instructions, guestcraft --version (callgrind)", fmt(found.get("ir_version"), "Ir"), "", ""))
    rows.append(("key to frame, filter 2,000 rooms, 80x24, pty + pyte", fmt(found.get("key_pty"), "ms"), "≤ 5 ms", ""))
    key_app = found.get("key_app")
    rows.append(("key to frame, filter 2,000 rooms, in the app", fmt(max(key_app) if key_app else None, "ms"), "≤ 5 ms", "largest median of the sizes"))
    rows.append(("peak memory at the first frame (offline)", fmt(found.get("rss_first_frame"), "MiB"), "≤ 30 MiB", ""))
    for kind in ("offline", "online"):
        values = found.get("rss_" + kind)
        rows.append(("peak memory, a session %s (Today, a search, 2,000 rooms, 5,000 reservations)" % kind,
                     fmt(max(values) if values else None, "MiB"), "≤ 30 MiB", ""))
    rows.append(("peak memory, a session offline, 5,000 rooms", fmt(found.get("rss_offline_5000"), "MiB"),
                 "≤ 30 MiB", ""))
    send = found.get("send")
    rows.append(("guestcraft send of 1,000 queued room changes (a new process)", fmt(min(send) if send else None, "ms"),
                 "≤ 5 s", "fastest run"))
    latency = found.get("latency", {})
    # The outbox engine's default window (OutboxEngine.defaultWindow).
    DEFAULT_WINDOW = 32

    def median(values):
        ordered = sorted(values)
        return ordered[len(ordered) // 2] if ordered else None

    for link, changes, round_trip, bar, what in (("HTTP/1.1", 50, 300, "≤ 3 s", "HTTP/1.1 (≤ 6 connections)"),
                                                 ("HTTP/2", 50, 300, "≤ 1 s", "HTTP/2 through nginx, TLS"),
                                                 ("loopback", 1000, 0, "≤ 3 s", "loopback, in-process engine")):
        runs = {window: values for (l, c, r, window), values in latency.items() if (l, c, r) == (link, changes, round_trip)}
        default = runs.get(DEFAULT_WINDOW)
        label = "%s changes, %s" % ("{:,}".format(changes), what) + (", %d ms round trips" % round_trip if round_trip else "")
        others = ", ".join("window %d: %s" % (w, fmt(median(v), "ms")) for w, v in sorted(runs.items()) if w != DEFAULT_WINDOW)
        rows.append((label + ", window %d" % DEFAULT_WINDOW, fmt(median(default) if default else None, "ms"), bar,
                     "median of %d; %s" % (len(default), others) if default else others))
    rows.append(("a refresh that changed nothing, HTTP, kept connection", fmt(found.get("refresh_http"), "B"), "≤ 1 KiB", ""))
    rows.append(("a refresh that changed nothing, HTTPS, kept connection", fmt(found.get("refresh_https"), "B"), "≤ 1 KiB", ""))
    for section, ms, window in found.get("cpu", []):
        every = re.search(r"reads every (\d+) s", section)
        label = "CPU, live list, reads every %s s" % every.group(1) if every else "CPU"
        if every and every.group(1) == "0":
            label = "CPU, idle on a live list (no reads)"
        rows.append((label, "%d ms in %d s" % (ms, window), "", "%.1f s an hour" % (ms / window * 3.6)))

    widths = [max(len(r[i]) for r in rows + [("figure", "measured", "bar", "beside")]) for i in range(4)]
    print("== summary (docs/performance.md)")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(("figure", "measured", "bar", "beside"), widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")


if __name__ == "__main__":
    main()
