#!/usr/bin/env bash
# Counts the instructions one benchmark body costs per operation, with valgrind's callgrind:
# instructions are repeatable on a shared, noisy machine where timings are not.
#
#     Benchmarks/count-instructions.sh SECTION PROBE [ITERATIONS]
#     Benchmarks/count-instructions.sh reads read-10
#
# SECTION is reads, operations, events, transitions, navigation, uikit or memory; PROBE a body's name (see the
# sources). It runs the probe with 2 × ITERATIONS operations and with ITERATIONS, and prints the
# difference divided by ITERATIONS, so that one-time costs (first-use caches, set-up) cancel
# out. Needs a release build and valgrind.
set -euo pipefail
cd "$(dirname "$0")"
section=$1
probe=$2
iterations=${3:-20000}
binary=.build/release/baton-benchmarks
[[ -x $binary ]] || swift build -c release --product baton-benchmarks
# valgrind 3.19 cannot read the DWARF 5 debug info Swift emits; the symbol table is enough.
stripped=$(mktemp)
trap 'rm -f "$stripped" "$stripped".out.*' EXIT
objcopy --strip-debug "$binary" "$stripped"
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$stripped.out.$1" \
        "$stripped" --only "$section" --probe "$probe" --iterations "$1" >/dev/null 2>&1
    callgrind_annotate "$stripped.out.$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
with=$(count $((2 * iterations)))
without=$(count "$iterations")
awk -v a="$with" -v b="$without" -v n="$iterations" -v p="$probe" \
    'BEGIN { printf "%s: %.0f instructions per operation\n", p, (a - b) / n }'
