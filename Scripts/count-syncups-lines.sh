#!/usr/bin/env bash
# Counts the code of Examples/SyncUps side by side with Point-Free's SyncUps, the field's
# reference app, as issue 32 asks:
#
#   baton      app:   every Swift file of Examples/SyncUps/Sources/SyncUpsApp and
#                     Examples/SyncUps/SyncUps.swiftpm/Sources (the @main scene, the live speech
#                     recognizer); tests: Examples/SyncUps/Tests/SyncUpsAppTests
#   syncups    app:   SyncUps/ of github.com/pointfreeco/syncups at a909279 (its previews included,
#                     as they are in its files); tests: its four files in SyncUpsTests/ (its UI
#                     test target, SyncUpsUITests/, is left out, as it drives a simulator)
#   tca        app:   Examples/SyncUps/SyncUps of github.com/pointfreeco/swift-composable-architecture
#                     at the commit given; tests: Examples/SyncUps/SyncUpsTests
#
# A line counts when it holds code: blank lines and lines that hold only a // comment do not, nor
# do `@available(iOS 17, …)` lines (an iOS 17 app target writes none; SyncUpsApp carries them
# because it is a target of Baton's package, whose minimum is iOS 13: counted apart). Imports,
# attributes, #if/#endif, previews and lone braces count, the same for every app.
#
#   Scripts/count-syncups-lines.sh [SYNCUPS_GIT TCA_GIT [TCA_COMMIT]]
#       SYNCUPS_GIT, TCA_GIT: bare git directories of the two repositories (the search tools' fetch
#       gives them); without them only Baton's side is printed. Exits 1 when Baton's app is over
#       1,200 lines or its tests over 440.
set -euo pipefail
cd "$(dirname "$0")/.."

# Lines of code read on standard input.
code_lines() {
    awk '{ line = $0; sub(/^[ \t]+/, "", line) }
        line != "" && line !~ /^\/\// && line !~ /^@available\(/ { n++ } END { print n + 0 }'
}
available_lines() { grep -hc '^[[:space:]]*@available(' "$@" | paste -sd+ | bc; }

# The code lines of the Swift files under PATHS at COMMIT of the bare repository GIT.
git_lines() {
    local git=$1 commit=$2
    shift 2
    git -C "$git" ls-tree -r --name-only "$commit" -- "$@" | grep '\.swift$' |
        while read -r file; do git -C "$git" show "$commit:$file"; echo; done | code_lines
}

mapfile -t app < <(find Examples/SyncUps/Sources Examples/SyncUps/SyncUps.swiftpm/Sources -name '*.swift' | sort)
mapfile -t tests < <(find Examples/SyncUps/Tests -name '*.swift' | sort)
baton_app=$(cat "${app[@]}" | code_lines)
baton_tests=$(cat "${tests[@]}" | code_lines)
printf '%-34s %6s %6s\n' "" app tests
printf '%-34s %6s %6s\n' "Baton (Examples/SyncUps)" "$baton_app" "$baton_tests"
printf '%-34s %6s %6s\n' "  @available lines, not counted" "$(available_lines "${app[@]}")" "$(available_lines "${tests[@]}")"
if [ $# -ge 2 ]; then
    tca_commit=${3:-$(git -C "$2" rev-parse --short HEAD)}
    printf '%-34s %6s %6s\n' "pointfreeco/syncups a909279" "$(git_lines "$1" a909279 SyncUps)" \
        "$(git_lines "$1" a909279 SyncUpsTests)"
    printf '%-34s %6s %6s\n' "TCA Examples/SyncUps $tca_commit" \
        "$(git_lines "$2" "$tca_commit" Examples/SyncUps/SyncUps)" \
        "$(git_lines "$2" "$tca_commit" Examples/SyncUps/SyncUpsTests)"
fi
status=0
[ "$baton_app" -le 1200 ] || { echo "Baton's app is over its budget of 1,200 lines" >&2; status=1; }
[ "$baton_tests" -le 440 ] || { echo "Baton's tests are over their budget of 440 lines" >&2; status=1; }
exit $status
