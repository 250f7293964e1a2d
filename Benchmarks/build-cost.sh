#!/usr/bin/env bash
# What an app pays to build Baton, beside what it pays for Point-Free's libraries, in one run on
# this machine. Every build is timed twice: wall-clock time, and the CPU time (user + sys) of the
# build and every compiler it started, which the machine's other work disturbs much less.
#
#  1. The libraries alone, as a dependency: a one-file package that imports Baton's `Baton`
#     product, and one that imports swift-dependencies' `Dependencies` product; clean debug and
#     clean release builds, and the size of Baton's release object code.
#  2. The same app both ways: (a) the Tasks example's headless part (Examples/Tasks/Sources/TasksApp,
#     copied as it is) in a package that depends on Baton, (b) Benchmarks/BuildCostPeer, the same
#     screens, models and services written with swift-dependencies and its macros
#     (`@DependencyClient`), swift-case-paths (`@CasePathable`) and swift-identified-collections;
#     clean debug, clean release, and incremental debug builds after an edit of one screen file
#     (a string in a function body of `Screens/Screens.swift`), three times each, the median shown.
#  3. For comparison with earlier runs: `swift build --product Baton` inside Baton's own package,
#     which also builds the tools of Baton's development dependencies' plugins.
#
# The two sides are built interleaved (a, b, a, b), each clean build in a new scratch folder after
# its packages are resolved (resolution is not timed), so that a change in the machine's load
# falls on both. The load average is printed at the start and at the end.
#
#     flock /tmp/baton-build.lock Benchmarks/build-cost.sh [GROUP...]
#
# GROUP is `debug` (the clean debug and incremental rows of 1 and 2), `release` (the clean release
# rows of 1 and 2, and the object code), `own` (3); all three by default. On an idle 2-core machine
# it takes 10-20 minutes, most of it swift-syntax, which the macros need, built for each
# configuration; a loaded machine multiplies the wall-clock times, much less the CPU times.
# It prints Markdown rows for BENCHMARKS.md. No target: these are rows a user can read.
set -euo pipefail
groups=" ${*:-debug release own} "
for group in $groups; do
    [[ $group == debug || $group == release || $group == own ]] || {
        echo "build-cost.sh: no group \"$group\"; the groups are debug, release and own" >&2
        exit 2
    }
done
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/baton-build-cost.XXXXXX)
trap 'rm -rf "$work"' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
start_load=$(load)
started=$(date -u '+%Y-%m-%d %H:%M UTC')

# Baton as a dependency, under the name it has on GitHub (a path package's identity is its folder).
ln -s "$root" "$work/Baton"

# package NAME DEPENDENCY_LINE PRODUCTS_OF_THE_TARGET: a package with one library target, Sources/NAME.
package() {
    mkdir -p "$work/$1/Sources/$1"
    cat >"$work/$1/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "$1",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
    products: [.library(name: "$1", targets: ["$1"])],
    dependencies: [$2],
    targets: [.target(name: "$1", dependencies: [$3])],
    swiftLanguageModes: [.v6]
)
EOF
}

# 1. The libraries alone: one file that uses each.
package BatonAlone '.package(path: "../Baton")' '.product(name: "Baton", package: "Baton")'
cat >"$work/BatonAlone/Sources/BatonAlone/Greeter.swift" <<'EOF'
import Baton

extension ContextValues {
    public var greeting: ContextEntry<String> { .init(default: "Hello") }
}
EOF
package DependenciesAlone \
    '.package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1")' \
    '.product(name: "Dependencies", package: "swift-dependencies")'
cat >"$work/DependenciesAlone/Sources/DependenciesAlone/Greeter.swift" <<'EOF'
import Dependencies

public struct Greeter: Sendable {
    @Dependency(\.date.now) var now

    public init() {}

    public func greeting(_ name: String) -> String { "Hello \(name) at \(now)" }
}
EOF

# 2. The app both ways. (a) Tasks' sources as they are (the target renamed: Baton's package has a
# `TasksApp`); its SwiftUI views are compiled only where SwiftUI exists, so on Linux this is its
# headless part.
package TasksOnBaton '.package(path: "../Baton")' \
    '.product(name: "Baton", package: "Baton"), .product(name: "BatonSwiftUI", package: "Baton")'
cp -R "$root/Examples/Tasks/Sources/TasksApp/." "$work/TasksOnBaton/Sources/TasksOnBaton/"
mkdir -p "$work/TasksPeer"
cp -R "$root/Benchmarks/BuildCostPeer/Package.swift" "$root/Benchmarks/BuildCostPeer/Sources" "$work/TasksPeer/"

rows=$work/rows
: >"$rows"
# time_build LABEL PACKAGE CONFIGURATION [clean|incremental] [ARGUMENTS...]: one build, timed.
# A clean build starts in a new scratch folder, named after the package and configuration.
time_build() {
    local label=$1 package=$2 configuration=$3 kind=$4
    shift 4
    local scratch=$work/scratch-$package-$configuration
    if [[ $kind == clean ]]; then
        rm -rf "$scratch"
        swift package --package-path "$work/$package" --scratch-path "$scratch" resolve >"$work/$package.log" 2>&1 ||
            { cat "$work/$package.log"; exit 1; }
    fi
    /usr/bin/time -f '%e %U %S' -o "$work/time" \
        swift build --package-path "$work/$package" --scratch-path "$scratch" -c "$configuration" "$@" \
        >"$work/$package.log" 2>&1 || { cat "$work/$package.log"; exit 1; }
    read -r wall user sys <"$work/time"
    echo "$label|$wall|$user|$sys" >>"$rows"
    echo "build-cost.sh: $label: $wall s, CPU $user s user + $sys s sys (load $(load))" >&2
}

# edit PACKAGE FROM TO: replaces the string FROM with TO in Screens/Screens.swift, or fails.
edit() {
    local file=$work/$1/Sources/$1/Screens/Screens.swift
    grep -qF "\"$2\"" "$file" || { echo "build-cost.sh: no \"$2\" in $file to edit" >&2; exit 1; }
    sed -i "s/\"$2\"/\"$3\"/" "$file"
}

if [[ $groups == *" debug "* ]]; then
    time_build "\`Baton\` product alone, clean debug" BatonAlone debug clean
    time_build "\`Dependencies\` product alone, clean debug" DependenciesAlone debug clean
    time_build "(a) Tasks on Baton, clean debug" TasksOnBaton debug clean
    time_build "(b) Tasks on swift-dependencies + macros, clean debug" TasksPeer debug clean
    # Three edits each, interleaved: a string in a screen's function body, changed and changed back.
    texts_a=("login" "log in")
    texts_b=("Tasks" "My tasks")
    for round in 0 1 2; do
        from=$((round % 2)) to=$(((round + 1) % 2))
        edit TasksOnBaton "${texts_a[$from]}" "${texts_a[$to]}"
        time_build "(a) Tasks on Baton, incremental debug after editing Screens.swift" TasksOnBaton debug incremental
        edit TasksPeer "${texts_b[$from]}" "${texts_b[$to]}"
        time_build "(b) Tasks on swift-dependencies + macros, incremental debug after editing Screens.swift" \
            TasksPeer debug incremental
    done
fi
if [[ $groups == *" release "* ]]; then
    time_build "(a) Tasks on Baton, clean release" TasksOnBaton release clean
    time_build "(b) Tasks on swift-dependencies + macros, clean release" TasksPeer release clean
    time_build "\`Baton\` product alone, clean release" BatonAlone release clean
    time_build "\`Dependencies\` product alone, clean release" DependenciesAlone release clean
fi
if [[ $groups == *" own "* ]]; then
    # 3. The earlier way of measuring Baton alone: inside its own package, in a copy of its sources.
    mkdir -p "$work/BatonPackage"
    cp -R "$root/Package.swift" "$root/Sources" "$root/Tests" "$root/Examples" "$work/BatonPackage/"
    time_build "\`swift build --product Baton\` in Baton's own package, clean debug" BatonPackage debug clean \
        --product Baton
fi

echo "Build cost (groups:$groups), started $started, $(nproc) cores, $(swift --version 2>/dev/null | head -1)"
echo "Baton commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources Examples/Tasks Benchmarks/BuildCostPeer || echo ' (with local changes)')"
echo "Load average (1, 5, 15 min): $start_load at the start, $(load) at the end"
echo
echo "| build | wall-clock time | CPU time (user + sys) |"
echo "| --- | --- | --- |"
# One row per label, in the order first built; a label built several times shows its median
# (by wall-clock time) and how many builds it is the median of.
awk -F'|' '
    { if (!($1 in n)) order[++labels] = $1; n[$1]++; wall[$1, n[$1]] = $2; cpu[$1, n[$1]] = $3 + $4 }
    END {
        for (l = 1; l <= labels; l++) {
            k = order[l]; m = n[k]
            for (i = 1; i <= m; i++) idx[i] = i
            for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
                if (wall[k, idx[j]] < wall[k, idx[i]]) { t = idx[i]; idx[i] = idx[j]; idx[j] = t }
            mid = idx[int((m + 1) / 2)]
            note = m > 1 ? sprintf(" (median of %d)", m) : ""
            printf "| %s%s | %.1f s | %.1f s |\n", k, note, wall[k, mid], cpu[k, mid]
        }
    }' "$rows"
echo
echo "Every build, in order (label, wall, user, sys):"
echo
sed 's/^/    /' "$rows"
if [[ $groups == *" release "* ]]; then
    objects=$(find "$work/scratch-BatonAlone-release/release/Baton.build" -name '*.o')
    count=$(echo "$objects" | wc -l)
    # shellcheck disable=SC2086
    read -r text data bss _ < <(size --totals $objects | awk '/TOTALS/ { print $1, $2, $3, $4 }')
    bytes=$(echo "$objects" | xargs stat -c %s | awk '{ s += $1 } END { print s }')
    echo
    echo "| Baton's object code, release (\`size\` of its $count .o files) | bytes |"
    echo "| --- | --- |"
    echo "| text (code and constants) | $text |"
    echo "| data | $data |"
    echo "| bss | $bss |"
    echo "| the .o files on disk (with symbols and relocations) | $bytes |"
fi
