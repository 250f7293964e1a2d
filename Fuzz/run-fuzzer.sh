#!/usr/bin/env bash
# Builds a libFuzzer target and runs it.
#
# Usage: Fuzz/run-fuzzer.sh [seconds] [parser|editor|links|restore]   (default 300 parser)
#
#   parser  the CoordinatesKit parser: Sources/CoordinatesKit/*.swift and Fuzz/FuzzParser.swift; seeds in
#           Fuzz/corpus.
#   editor  the full-screen UI's key decoder, line editor and frame renderer: the CoordinatesApp files they use
#           and Fuzz/FuzzLineEditor.swift; seeds in Fuzz/corpus-editor.
#   links   Baton's link patterns, saved screen trees and JSON reader: Sources/Baton/**/*.swift and
#           Fuzz/FuzzLinks.swift; seeds in Fuzz/corpus-links.
#   restore saved screen trees restored into an empty window and over a shown one: Sources/Baton/**/*.swift and
#           Fuzz/FuzzRestoration.swift; seeds in Fuzz/corpus-restore (inputs up to 4,096 bytes).
#
# Each is built with `swiftc -sanitize=fuzzer,address -parse-as-library -O`. New inputs that libFuzzer finds go to
# Fuzz/.build/corpus[-editor] (not committed), and crash reproducers to Fuzz/artifacts/.
set -euo pipefail

seconds="${1:-300}"
target="${2:-parser}"
language=()
max_len=256
fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
package_dir="$(dirname "$fuzz_dir")"
build_dir="$fuzz_dir/.build"
app="$package_dir/Sources/CoordinatesApp"

case "$target" in
parser)
    binary="$build_dir/coordinates-fuzzer"
    new_corpus="$build_dir/corpus"
    seeds="$fuzz_dir/corpus"
    sources=("$package_dir"/Sources/CoordinatesKit/*.swift "$fuzz_dir/FuzzParser.swift")
    module=CoordinatesKitFuzz
    ;;
editor)
    binary="$build_dir/editor-fuzzer"
    new_corpus="$build_dir/corpus-editor"
    seeds="$fuzz_dir/corpus-editor"
    sources=("$app/Input/Key.swift" "$app/Input/KeyDecoder.swift" "$app/Input/LineEditor.swift"
        "$app/Rendering/ScreenContent.swift" "$app/Rendering/TextRenderer.swift" "$app/Rendering/TerminalWidth.swift"
        "$app/Rendering/Base64.swift" "$fuzz_dir/FuzzLineEditor.swift")
    module=LineEditorFuzz
    ;;
links)
    binary="$build_dir/links-fuzzer"
    new_corpus="$build_dir/corpus-links"
    seeds="$fuzz_dir/corpus-links"
    mapfile -t sources < <(find "$package_dir/Sources/Baton" -name '*.swift' | sort)
    sources+=("$fuzz_dir/FuzzLinks.swift")
    module=BatonLinksFuzz
    # Baton is written for the Swift 6 language mode (its default arguments are main-actor isolated)
    # and shares some declarations with its test support at the package access level.
    language=(-swift-version 6 -package-name baton)
    ;;
restore)
    binary="$build_dir/restore-fuzzer"
    new_corpus="$build_dir/corpus-restore"
    seeds="$fuzz_dir/corpus-restore"
    mapfile -t sources < <(find "$package_dir/Sources/Baton" -name '*.swift' | sort)
    sources+=("$fuzz_dir/FuzzRestoration.swift")
    module=BatonRestoreFuzz
    language=(-swift-version 6 -package-name baton)
    # Saved trees are longer than links.
    max_len=4096
    ;;
*)
    echo "usage: Fuzz/run-fuzzer.sh [seconds] [parser|editor|links|restore]" >&2
    exit 2
    ;;
esac

mkdir -p "$new_corpus" "$fuzz_dir/artifacts"

echo "Building $binary"
swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld "${language[@]}" \
    -module-name "$module" \
    "${sources[@]}" \
    -o "$binary"

echo "Fuzzing for $seconds seconds"
# The first corpus directory receives new inputs; the committed seeds are only read.
"$binary" \
    -max_total_time="$seconds" \
    -max_len="$max_len" \
    -print_final_stats=1 \
    -artifact_prefix="$fuzz_dir/artifacts/" \
    "$new_corpus" "$seeds"
