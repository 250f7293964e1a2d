#!/usr/bin/env bash
# The README's test command: makes sure what the tests need is installed, then runs `swift test`.
#
#   Scripts/test.sh [swift test options…]    for example: Scripts/test.sh --filter GPSTests
#
# The GPS tests run the real gpsd daemon (Debian's `gpsd` package). When it is missing, this installs
# it with apt-get (as root, or through sudo); the tests fail, not skip, when gpsd cannot start.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gpsd >/dev/null 2>&1 && [ ! -x /usr/sbin/gpsd ]; then
    echo "Scripts/test.sh: installing gpsd, which the GPS tests run" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y --no-install-recommends gpsd >&2 \
        || { $sudo apt-get update >&2 && $sudo apt-get install -y --no-install-recommends gpsd >&2; }
fi

exec swift test "$@"
