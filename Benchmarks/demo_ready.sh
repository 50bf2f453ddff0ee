#!/usr/bin/env bash
# `guestcraft-demo serve --rooms 2000` time to ready: from the spawn until its first line
# ("listening on …"), on a new data directory (the hotel is generated and written) and on the same
# directory again (a second start); the default 120-room hotel beside it.
# Usage: Benchmarks/demo_ready.sh BUILD_DIR   (make bench passes .build/release)
source "$(dirname "$0")/lib/common.bash"
bench_init "${1:-.build/release}"
machine
RUNS="${RUNS:-5}"
for rooms in 2000 120; do
  echo "-- guestcraft-demo serve --rooms $rooms"
  "$BIN/guestcraft-bench" demo-ready --demo "$BIN/guestcraft-demo" --rooms "$rooms" --runs "$RUNS"
done
