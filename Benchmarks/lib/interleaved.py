#!/usr/bin/env python3
"""Times two or more commands through ttff.py's own measurement (`run_once`: spawn under a
pseudo-terminal, pyte, until the screen shows a text), taking turns run by run — A B, then B A —
so that a machine that slows down or speeds up during the batch weighs on each the same (#18:
the same 15 runs of the app, then 15 of mc -u, gave 0.66× to 1.08× within a day on this shared
machine). Prints one "first frame:" line per command under its own "-- " heading.

  interleaved.py TTFF RUNS COLS ROWS  'NAME|ENV=V,...|UNTIL|COMMAND ARG...' ...
"""
import importlib.util, shlex, statistics, sys

ttff_path, runs, cols, rows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
spec = importlib.util.spec_from_file_location("ttff", ttff_path)
ttff = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ttff)

cases = []
for argument in sys.argv[5:]:
    name, environment, until, command = argument.split("|", 3)
    env = {"TERM": "xterm-256color"}
    for pair in filter(None, environment.split(",")):
        key, value = pair.split("=", 1)
        env[key] = value
    cases.append((name, env, until, shlex.split(command)))

times = {name: [] for name, *_ in cases}
for run in range(runs):
    for name, env, until, command in (cases if run % 2 == 0 else cases[::-1]):
        first, _, _ = ttff.run_once(command, cols, rows, until, None, None, 5.0, env)
        if first is not None:
            times[name].append(first * 1000)

for name, _, _, _ in cases:
    values = times[name]
    print("-- " + name)
    if values:
        print("first frame: min %.1f  median %.1f  max %.1f ms (%d runs, interleaved)"
              % (min(values), statistics.median(values), max(values), len(values)))
    else:
        print("first frame: never showed its text")
