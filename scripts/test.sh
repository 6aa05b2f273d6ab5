#!/usr/bin/env bash
# Installs what is missing, then runs the whole test suite (GTK tests under a virtual X server).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export GSK_RENDERER=cairo
if [ -n "${DISPLAY:-}" ]; then
  swift test "$@"
else
  xvfb-run -a -s "-screen 0 1920x1080x24" swift test "$@"
fi
