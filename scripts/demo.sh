#!/usr/bin/env bash
# The shop-wall demo: installs what is missing, builds in release mode and runs waterfall-demo.
#
#   scripts/demo.sh                         a window (needs a display)
#   scripts/demo.sh --snapshot shop.png     write a screenshot and exit
#   scripts/demo.sh --scroll-test [--items 1000000]   print scrolling figures as JSON
#   scripts/demo.sh --compare               the same items in a GtkFlowBox, side by side
#   scripts/demo.sh --scroll-test --compare-grid   the same cells in a GtkGridView (see compare-grid.sh)
#   scripts/demo.sh --soak 600              scroll, load more, refresh, churn images; print memory
#
# The measuring modes run in waterfall-harness, which waterfall-demo hands them to: both are built,
# and so is the image worker.
# Without a display, the headless modes run under a virtual X server (xvfb-run) with GTK's
# cairo renderer; the interactive mode explains what to do instead.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
. scripts/gtk4-flags.sh

headless=false
for arg in "$@"; do
  case "$arg" in
    --snapshot|--scroll-test|--grid-view|--flowbox|--compare|--soak|--decode-bench) headless=true ;;
  esac
done

swift build -c release --product waterfall-demo >&2
swift build -c release --product waterfall-harness >&2
# The sandboxed image decoder as its own small executable (docs/SANDBOX.md, "Finding the worker");
# without it the demo starts its own executable as the worker, which costs more memory.
swift build -c release --product waterfall-image-worker >&2
# The translations (po/), found through WATERFALL_LOCALEDIR: LANG=zh_TW.UTF-8 scripts/demo.sh
WATERFALL_LOCALEDIR=$(scripts/build-locale.sh)
export WATERFALL_LOCALEDIR
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && $headless; then
  export GSK_RENDERER="${GSK_RENDERER:-cairo}"
  # No screen reader listens on a virtual display, and there is no D-Bus session to reach one.
  export GTK_A11Y="${GTK_A11Y:-none}"
  exec xvfb-run -a -s "-screen 0 1920x1080x24" swift run -c release --skip-build waterfall-demo "$@"
fi
exec swift run -c release --skip-build waterfall-demo "$@"
