#!/usr/bin/env bash
# Counts the lines of the Tasks showcase (Examples/Tasks) that issue 22 budgets:
#
#   plumbing    every Swift file of Examples/Tasks/Sources/TasksApp/Screens (the screens, the start-up
#               flow, the tabs, the deep link, restoration) and of Examples/Tasks/Tasks.swiftpm/Sources
#               (the @main scene): everything except the model, the services and the leaf views,
#               which live in Model/, Services/ and Views/ and are counted separately, for reference.
#   login test  the test `loggingInShowsTheItemsOfTheUser` in Examples/Tasks/Tests/TasksAppTests/
#               LoginTests.swift, from its @Test line to its closing brace, and separately the suite's
#               helpers it calls (Support.swift).
#
# A line counts when it holds code: blank lines and lines that hold only a comment (// or ///) do
# not, nor do `@available(iOS 17, …)` lines: an app target whose minimum is iOS 17 writes none, and
# TasksApp carries them only because it is a target of Baton's package, whose minimum is iOS 13
# (they are counted separately, for reference). Imports, other attributes, #if/#endif and lone
# closing braces count. Budgets: plumbing <= 130, login
# test <= 20 (the same app in SwiftUI + @Observable + swift-dependencies: about 165 and 22).
#
#   Scripts/count-tasks-lines.sh          prints the table; exits 1 when a budget is exceeded
set -euo pipefail
cd "$(dirname "$0")/.."
tasks=Examples/Tasks

# Lines of code in the files given.
code_lines() {
    cat "$@" | awk '{ line = $0; sub(/^[ \t]+/, "", line) }
        line != "" && line !~ /^\/\// && line !~ /^@available\(/ { n++ } END { print n + 0 }'
}

# Lines of code of the function whose declaration line matches $2 in file $1: from the attribute
# line above it (if any) to the closing brace at the declaration's indentation.
function_lines() {
    awk -v pattern="$2" '
        !inside && $0 ~ pattern {
            inside = 1; match($0, /^ */); indent = RLENGTH
            if (previous ~ /^ *@Test/) { n++ }
        }
        inside {
            line = $0; sub(/^[ \t]+/, "", line)
            if (line != "" && line !~ /^\/\//) { n++ }
            match($0, /^ */)
            if (NR > start && RLENGTH == indent && line == "}") { exit }
            if (!start) { start = NR }
        }
        { previous = $0 }
        END { print n + 0 }' "$1"
}

mapfile -t plumbing < <(find "$tasks/Sources/TasksApp/Screens" "$tasks/Tasks.swiftpm/Sources" -name '*.swift' | sort)
plumbing_count=$(code_lines "${plumbing[@]}")
login_count=$(function_lines "$tasks/Tests/TasksAppTests/LoginTests.swift" 'func loggingInShowsTheItemsOfTheUser')
helpers_count=$(code_lines "$tasks/Tests/TasksAppTests/Support.swift")

printf '%-58s %5s\n' "Tasks showcase" "lines"
for file in "${plumbing[@]}"; do printf '  %-56s %5s\n' "${file#"$tasks"/}" "$(code_lines "$file")"; done
printf '%-58s %5s   (budget 130)\n' "Plumbing" "$plumbing_count"
printf '%-58s %5s   (not counted: an iOS 17 app target writes none)\n' "  @available(iOS 17, …) lines in it" \
    "$(cat "${plumbing[@]}" | grep -c '^ *@available(' || true)"
for folder in Model Services Views; do
    mapfile -t files < <(find "$tasks/Sources/TasksApp/$folder" -name '*.swift' | sort)
    printf '%-58s %5s   (not budgeted)\n' "$folder: $(printf '%s ' "${files[@]##*/}")" "$(code_lines "${files[@]}")"
done
printf '%-58s %5s   (budget 20)\n' "Login test (loggingInShowsTheItemsOfTheUser)" "$login_count"
printf '%-58s %5s\n' "  the suite's helpers it calls (Support.swift)" "$helpers_count"

status=0
if [ "$plumbing_count" -gt 130 ]; then echo "plumbing over budget: $plumbing_count > 130" >&2; status=1; fi
if [ "$login_count" -gt 20 ]; then echo "login test over budget: $login_count > 20" >&2; status=1; fi
exit $status
