#!/usr/bin/env bash
# Counts the lines of the Tasks showcase (Examples/Tasks) by the rules of its comparison with the same
# app in SwiftUI + @Observable + swift-dependencies (the peer):
#
#   plumbing    every Swift file of Examples/Tasks/Sources/TasksApp/Screens (the screens, the start-up
#               flow, the tabs, the deep link, restoration, the context entries) and of
#               Examples/Tasks/Tasks.swiftpm/Sources (the @main scene); and what the peer writes as a
#               dependency client, which counts as plumbing on its side: Services/Accounts.swift,
#               Services/Preferences.swift and ItemStore.load(). The model (Model/), the rest of the
#               store and the leaf views (Views/) are app code on both sides, counted separately.
#   login test  the test `loggingInShowsTheItemsOfTheUser` in Examples/Tasks/Tests/TasksAppTests/
#               LoginTests.swift, from its @Test line to its closing brace, standing alone: when it
#               calls a helper of the suite's Support.swift, that whole file is added to its count.
#
# A line counts when it holds code: blank lines and lines that hold only a comment (// or ///) do
# not, nor do `@available(iOS 17, …)` lines: an app target whose minimum is iOS 17 writes none, and
# TasksApp carries them only because it is a target of Baton's package, whose minimum is iOS 13
# (they are counted separately, for reference). Imports, other attributes, #if/#endif and lone
# closing braces count. Budgets: plumbing <= 130, login test <= 20 (the peer: about 165 and 22).
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
plumbing+=("$tasks/Sources/TasksApp/Services/Accounts.swift" "$tasks/Sources/TasksApp/Services/Preferences.swift")
load_count=$(function_lines "$tasks/Sources/TasksApp/Services/ItemStore.swift" 'func load\(\)')
plumbing_count=$(($(code_lines "${plumbing[@]}") + load_count))
login_file="$tasks/Tests/TasksAppTests/LoginTests.swift"
support="$tasks/Tests/TasksAppTests/Support.swift"
test_count=$(function_lines "$login_file" 'func loggingInShowsTheItemsOfTheUser')
# The helpers Support.swift declares (functions and computed properties), and whether the test calls one.
test_body=$(awk '/func loggingInShowsTheItemsOfTheUser/,/^    }$/' "$login_file")
helpers=$(grep -oE '(func|var) [A-Za-z_]+' "$support" | awk '{ print $2 }' | sort -u)
called=$(for name in $helpers; do
    if grep -qE "(^|[^A-Za-z_.])$name\(|window\.$name([^A-Za-z_(]|$)" <<<"$test_body"; then echo "$name"; fi
done)
helpers_count=0
if [ -n "$called" ]; then helpers_count=$(code_lines "$support"); fi
login_count=$((test_count + helpers_count))

printf '%-58s %5s\n' "Tasks showcase" "lines"
for file in "${plumbing[@]}"; do printf '  %-56s %5s\n' "${file#"$tasks"/}" "$(code_lines "$file")"; done
printf '  %-56s %5s\n' "Sources/TasksApp/Services/ItemStore.swift: load()" "$load_count"
printf '%-58s %5s   (budget 130)\n' "Plumbing" "$plumbing_count"
printf '%-58s %5s   (not counted: an iOS 17 app target writes none)\n' "  @available(iOS 17, …) lines in it" \
    "$(cat "${plumbing[@]}" | grep -c '^ *@available(' || true)"
for folder in Model Views; do
    mapfile -t files < <(find "$tasks/Sources/TasksApp/$folder" -name '*.swift' | sort)
    printf '%-58s %5s   (not budgeted)\n' "$folder: $(printf '%s ' "${files[@]##*/}")" "$(code_lines "${files[@]}")"
done
printf '%-58s %5s   (not budgeted)\n' "ItemStore.swift but load()" \
    "$(($(code_lines "$tasks/Sources/TasksApp/Services/ItemStore.swift") - load_count))"
printf '%-58s %5s   (budget 20)\n' "Login test (loggingInShowsTheItemsOfTheUser), standing alone" "$login_count"
printf '  %-56s %5s\n' "the test" "$test_count"
printf '  %-56s %5s\n' "Support.swift, when it calls a helper there (${called:-none})" "$helpers_count"

status=0
if [ "$plumbing_count" -gt 130 ]; then echo "plumbing over budget: $plumbing_count > 130" >&2; status=1; fi
if [ "$login_count" -gt 20 ]; then echo "login test over budget: $login_count > 20" >&2; status=1; fi
exit $status
