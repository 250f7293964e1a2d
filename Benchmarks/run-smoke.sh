#!/usr/bin/env bash
# Builds the benchmark package and runs it in smoke mode: a few iterations of every measure,
# so that the benchmarks cannot rot. Timings are not judged; it fails only on a build error or
# when screens or contexts are left alive after being pushed and popped.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product baton-benchmarks
.build/release/baton-benchmarks --smoke
