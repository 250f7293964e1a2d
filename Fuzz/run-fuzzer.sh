#!/usr/bin/env bash
# Builds the libFuzzer target for the CoordinatesKit parser and runs it.
#
# Usage: Fuzz/run-fuzzer.sh [seconds]   (default 300)
#
# The binary is built from Sources/CoordinatesKit/*.swift and Fuzz/FuzzParser.swift with
# `swiftc -sanitize=fuzzer,address -parse-as-library -O`. The committed seed corpus is Fuzz/corpus; new inputs
# that libFuzzer finds go to Fuzz/.build/corpus (not committed), and crash reproducers to Fuzz/artifacts/.
set -euo pipefail

seconds="${1:-300}"
fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package_dir="$(dirname "$fuzz_dir")"
build_dir="$fuzz_dir/.build"
binary="$build_dir/coordinates-fuzzer"

mkdir -p "$build_dir/corpus" "$fuzz_dir/artifacts"

echo "Building $binary"
swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
    -module-name CoordinatesKitFuzz \
    "$package_dir"/Sources/CoordinatesKit/*.swift \
    "$fuzz_dir/FuzzParser.swift" \
    -o "$binary"

echo "Fuzzing for $seconds seconds"
# The first corpus directory receives new inputs; the committed seeds are only read.
"$binary" \
    -max_total_time="$seconds" \
    -max_len=256 \
    -print_final_stats=1 \
    -artifact_prefix="$fuzz_dir/artifacts/" \
    "$build_dir/corpus" "$fuzz_dir/corpus"
