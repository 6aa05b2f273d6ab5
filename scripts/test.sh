#!/usr/bin/env bash
# Installs what is missing, then runs the whole test suite (GTK tests under a virtual X server).
# Every process the suite starts carries WATERFALL_TEST_RUN in its environment; any of them still
# running when the suite ends (an Xvfb, an AT-SPI bus, a fixture server) is listed, ended by PID,
# and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/gtk4-flags.sh
export GSK_RENDERER=cairo
# The translations, checked against the sources and compiled for the translation tests.
WATERFALL_LOCALEDIR=$(scripts/build-locale.sh --check)
export WATERFALL_LOCALEDIR
WATERFALL_TEST_RUN="$$-$(date +%s%N)"
export WATERFALL_TEST_RUN

# The PIDs of live processes (other than this script) whose environment has this run's marker.
leftovers() {
  local pid
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    [ "$pid" = "$$" ] && continue
    if { tr '\0' '\n' <"$environ"; } 2>/dev/null | grep -qx "WATERFALL_TEST_RUN=$WATERFALL_TEST_RUN"; then
      echo "$pid"
    fi
  done
}

status=0
# --no-parallel: the GTK tests drive the GLib loop from the main actor and wait for results
# with deadlines; long synchronous main-actor tests of other suites running beside them would
# starve them on a 2-core machine.
if [ -n "${DISPLAY:-}" ]; then
  swift test --no-parallel "$@" || status=$?
else
  xvfb-run -a -s "-screen 0 1920x1080x24" swift test --no-parallel "$@" || status=$?
fi

# The feed server notices within a moment that the test process is gone; give such exits time.
left=$(leftovers)
for _ in 1 2 3 4 5 6 7 8 9 10; do
  [ -n "$left" ] || break
  sleep 0.5
  left=$(leftovers)
done
if [ -n "$left" ]; then
  echo "test.sh: the suite left these processes running:" >&2
  for pid in $left; do
    ps -o pid=,args= -p "$pid" >&2 || true
  done
  # shellcheck disable=SC2086
  kill $left 2>/dev/null || true
  sleep 1
  left=$(leftovers)
  # shellcheck disable=SC2086
  [ -z "$left" ] || kill -KILL $left 2>/dev/null || true
  [ "$status" -ne 0 ] || status=1
fi
exit "$status"
