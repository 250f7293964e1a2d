#!/usr/bin/env bash
# Builds the benchmark package and runs it in smoke mode: a few iterations of every measure,
# so that the benchmarks cannot rot. Timings are not judged; it fails only on a build error,
# when screens or contexts are left alive after being pushed and popped, or when an operation's
# cost grows more than 10x between the smallest and the largest tree or stack of the scale
# section (an operation that walks the tree or the stack grows 100-1,000x), or when resident
# memory after 100,000 push + pop cycles exceeds 1.1x that after 10,000 (each measured in a
# fresh child process; see README.md, "Resident memory of long sessions").
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product baton-benchmarks
.build/release/baton-benchmarks --smoke
