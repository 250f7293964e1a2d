#!/usr/bin/env bash
# Type-checks every Apple-platform module of Baton against a real iOS 17.0 SDK, as Xcode would:
# Swift 6 mode, warnings as errors, deployment target = the minimum iOS that Package.swift declares.
#
# UIKit and SwiftUI do not exist on Linux, so this is the only proof that the adapters and the
# examples compile for iOS. It needs an SDK prepared once per machine by the workplace's
# shared/tools/ios-sdk/setup.sh (see CONTRIBUTING in README.md). Without one it says so and exits 0,
# so CI on a machine without the SDK still runs everything else.
#
#   Scripts/check-ios.sh                 check every module below that exists
#   BATON_IOS_TOOLS=DIR                  where check.sh lives (default: ../shared/tools/ios-sdk)
#   BATON_IOS_SDK=DIR                    the prepared SDK (default: /tmp/baton-ios-sdk)
set -euo pipefail
cd "$(dirname "$0")/.."

# Every public type of the Baton modules must be named in Examples/NameCollisions, which imports
# SwiftUI and UIKit beside them and is type-checked below, so that a new type whose name collides
# with theirs fails here rather than in an app. Checked with or without an SDK.
collisions=Examples/NameCollisions
missing=$(Scripts/public-types.py Baton=Sources/Baton BatonSwiftUI=Sources/BatonSwiftUI \
    BatonUIKit=Sources/BatonUIKit | while IFS=. read -r module type; do
    grep -hv '^[[:space:]]*//' "$collisions"/*.swift | grep -qw -- "$type" || echo "$module.$type"
done)
if [ -n "$missing" ]; then
    echo "error: public types not named in $collisions (add each to a function there, unqualified):" >&2
    echo "$missing" >&2
    exit 1
fi

tools=${BATON_IOS_TOOLS:-../shared/tools/ios-sdk}
sdk=${BATON_IOS_SDK:-/tmp/baton-ios-sdk}
if [ ! -x "$tools/check.sh" ] || [ ! -d "$sdk/iPhoneOS17.0.sdk" ] || [ ! -d "$sdk/res" ]; then
    echo "iOS check skipped: no prepared SDK (looked for $tools/check.sh and $sdk/iPhoneOS17.0.sdk)"
    exit 0
fi
export BATON_IOS_SDK="$sdk"

# Modules in dependency order: each one's interface is saved so that later ones can import it.
# NAME=DIR[:DIR…]; a module whose first directory does not exist (yet) is skipped.
modules=(
    "Baton=Sources/Baton"
    "BatonUIKit=Sources/BatonUIKit"
    "BatonUIKitArticle=Examples/BatonUIKitArticle"
    "BatonSwiftUI=Sources/BatonSwiftUI"
    # The examples of the DocC article "Using Baton with SwiftUI".
    "BatonSwiftUIGuide=Examples/BatonSwiftUIGuide"
    # Every public Baton type, unqualified, beside SwiftUI and UIKit (see the check above).
    "NameCollisions=Examples/NameCollisions"
    "CoordinatesKit=Sources/CoordinatesKit"
    "CoordinatesApp=Sources/CoordinatesApp"
    # The Coordinates iOS app's screens and SwiftUI views (a target of Package.swift, tested on Linux).
    "CoordinatesScreens=Examples/CoordinatesiOS/Sources/CoordinatesScreens"
    # The Tasks showcase's screens, flows and SwiftUI views (a target of Package.swift, tested on Linux).
    "TasksApp=Examples/Tasks/Sources/TasksApp"
    # Point-Free's SyncUps on Baton: screens, alerts, store and views (a target of Package.swift, tested on Linux).
    "SyncUpsApp=Examples/SyncUps/Sources/SyncUpsApp"
)

# Apps, after the modules they import: NAME@IOS=DIR[:DIR…] type-checks every file under DIR as the
# module NAME for its own minimum iOS, with the cross-import overlays Xcode enables (SwiftUI with
# MapKit brings in `Map`), and saves no interface.
apps=(
    "CoordinatesiOS@17=Examples/CoordinatesiOS/Coordinates.swiftpm/Sources"
    "TasksiOS@17=Examples/Tasks/Tasks.swiftpm/Sources"
    # Its app, with a stand-in for LiveSpeech.swift (see Examples/SyncUps/iOSCheck).
    "SyncUpsiOS@17=Examples/SyncUps/SyncUps.swiftpm/Sources:Examples/SyncUps/iOSCheck"
    # The README's first example, an iOS 17 app (ReadmeSwiftUIExampleTests keeps README.md in sync).
    "ReadmeApp@17=Examples/Readme"
)

checked=0
for entry in "${modules[@]}"; do
    name=${entry%%=*}
    IFS=: read -r -a dirs <<<"${entry#*=}"
    [ -d "${dirs[0]}" ] || continue
    "$tools/check.sh" module "$name" "${dirs[@]}"
    checked=$((checked + 1))
done
for entry in "${apps[@]}"; do
    name=${entry%%=*}
    IFS=: read -r -a dirs <<<"${entry#*=}"
    [ -d "${dirs[0]}" ] || continue
    # LiveSpeech.swift (SyncUps) imports Speech, whose overlay imports AVFoundation, whose
    # interface in the iOS 17.0 SDK does not build with Swift 6.3.1: it is left out, and says so.
    mapfile -t files < <(find "${dirs[@]}" -name '*.swift' -not -name LiveSpeech.swift | sort)
    BATON_IOS_TARGET=${name#*@} "$tools/check.sh" files -module-name "${name%@*}" -parse-as-library \
        -I "$sdk/modules" -Xfrontend -enable-cross-import-overlays "${files[@]}"
    echo "${name%@*}: type-checks for arm64-apple-ios${name#*@}.0 with the iOS 17.0 SDK (${#files[@]} files)"
    checked=$((checked + 1))
done
echo "iOS check passed: $checked modules and apps type-check against the iOS 17.0 SDK"
