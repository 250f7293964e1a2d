#!/usr/bin/env bash
# What a user pays to build Baton, beside what they pay for swift-dependencies, in one run on
# this machine: a clean debug and a clean release build of the `Baton` product alone, and of a
# small package whose one library uses swift-dependencies 1.17.1 (`@Dependency`), each in a new
# scratch folder after its packages are resolved (resolution is not timed); and the size of
# Baton's object code in the release build (`size` of its .o files: text, data, bss).
#
#     flock /tmp/baton-build.lock Benchmarks/build-cost.sh
#
# Run it while nothing else builds on the machine (the shared build lock above), once: each
# build is clean, so the whole run takes several minutes. It prints Markdown rows for
# BENCHMARKS.md. No target: these are rows a user can read.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/baton-build-cost.XXXXXX)
trap 'rm -rf "$work"' EXIT

# A package a user would write with swift-dependencies: one library that reads a dependency.
peer=$work/peer
mkdir -p "$peer/Sources/Peer"
cat >"$peer/Package.swift" <<'EOF'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Peer",
    products: [.library(name: "Peer", targets: ["Peer"])],
    dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1")],
    targets: [.target(name: "Peer", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")])],
    swiftLanguageModes: [.v6]
)
EOF
cat >"$peer/Sources/Peer/Peer.swift" <<'EOF'
import Dependencies

public struct Greeter: Sendable {
    @Dependency(\.date.now) var now

    public init() {}

    public func greeting(_ name: String) -> String { "Hello \(name) at \(now)" }
}
EOF

seconds() { date +%s.%N; }
# time_build LABEL PACKAGE_DIR SCRATCH CONFIGURATION [PRODUCT]: one clean build, timed.
time_build() {
    local label=$1 dir=$2 scratch=$3 configuration=$4 product=${5:-}
    rm -rf "$scratch"
    swift package --package-path "$dir" --scratch-path "$scratch" resolve >/dev/null
    local start end
    start=$(seconds)
    if [[ -n $product ]]; then
        swift build --package-path "$dir" --scratch-path "$scratch" -c "$configuration" --product "$product" \
            >"$work/$label.log" 2>&1 || { cat "$work/$label.log"; exit 1; }
    else
        swift build --package-path "$dir" --scratch-path "$scratch" -c "$configuration" \
            >"$work/$label.log" 2>&1 || { cat "$work/$label.log"; exit 1; }
    fi
    end=$(seconds)
    awk -v s="$start" -v e="$end" -v l="$label" 'BEGIN { printf "| %s | %.1f s |\n", l, e - s }' >>"$work/rows"
}

: >"$work/rows"
time_build "Baton product alone, clean debug build" "$root" "$work/baton-debug" debug Baton
time_build "Baton product alone, clean release build" "$root" "$work/baton-release" release Baton
time_build "package using swift-dependencies 1.17.1, clean debug build" "$peer" "$work/peer-debug" debug
time_build "package using swift-dependencies 1.17.1, clean release build" "$peer" "$work/peer-release" release

objects=$(find "$work/baton-release/release/Baton.build" -name '*.o')
count=$(echo "$objects" | wc -l)
# shellcheck disable=SC2086
read -r text data bss _ < <(size --totals $objects | awk '/TOTALS/ { print $1, $2, $3, $4 }')
bytes=$(echo "$objects" | xargs stat -c %s | awk '{ s += $1 } END { print s }')

echo "Build cost, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(swift --version 2>/dev/null | head -1)"
echo "Baton commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources/Baton || echo ' (with local changes)')"
echo
echo "| build | wall-clock time |"
echo "| --- | --- |"
cat "$work/rows"
echo
echo "| Baton's object code, release (\`size\` of its $count .o files) | bytes |"
echo "| --- | --- |"
echo "| text (code and constants) | $text |"
echo "| data | $data |"
echo "| bss | $bss |"
echo "| the .o files on disk (with symbols and relocations) | $bytes |"
