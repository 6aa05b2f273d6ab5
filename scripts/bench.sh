#!/usr/bin/env bash
# Installs what is missing, then runs the release-build benchmark (pass --json for one JSON object).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/gtk4-flags.sh
swift build -c release --product waterfall-bench >&2
exec .build/release/waterfall-bench "$@"
