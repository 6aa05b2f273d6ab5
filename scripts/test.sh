#!/usr/bin/env bash
# Installs what is missing, then runs the whole test suite (GTK tests under a virtual X server).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/gtk4-flags.sh
export GSK_RENDERER=cairo
# --no-parallel: the GTK tests drive the GLib loop from the main actor and wait for results
# with deadlines; long synchronous main-actor tests of other suites running beside them would
# starve them on a 2-core machine.
if [ -n "${DISPLAY:-}" ]; then
  swift test --no-parallel "$@"
else
  xvfb-run -a -s "-screen 0 1920x1080x24" swift test --no-parallel "$@"
fi
