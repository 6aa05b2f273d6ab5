#!/usr/bin/env bash
# Issue 16's measurement: the wall against GTK's own GtkGridView showing the same cells, both
# scroll modes, in one run each: `waterfall-harness --scroll-test --compare-grid` (release build,
# virtual X server, cairo renderer, 1000×760) prints the wall's JSON line and the grid's; this
# script prints them and a table per run, and whether the wall meets the targets of #16.
#
#   scripts/compare-grid.sh [--runs 3] [--items 1000000] [--frames N] [other waterfall-harness options]
#
# Not part of CI: a run of both modes at 1,000,000 items takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
items=1000000
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --items) items="$2"; shift 2 ;;
    *) extra+=("$1"); shift ;;
  esac
done
case "$runs" in ''|*[!0-9]*) echo "compare-grid: --runs needs a number, not '$runs'" >&2; exit 2 ;; esac

scripts/setup.sh
. scripts/gtk4-flags.sh
swift build -c release --product waterfall-harness >&2
harness="$(swift build -c release --show-bin-path)/waterfall-harness"
export GSK_RENDERER=cairo GTK_A11Y="${GTK_A11Y:-none}"

# The table of one run: the wall's line and the grid's on standard input.
table=$(cat <<'PY'
import json, os, sys
wall, grid = (json.loads(line) for line in sys.stdin.read().splitlines()[-2:])
keys = ["frame_cpu_ms_p50", "frame_interval_ms_p99", "dropped_frames", "process_cpu_ms_per_frame", "rss_mb"]
print(f"run {os.environ['RUN']}, {wall['scroll_mode']}, {wall['items']:,} items, {wall['columns']} columns, "
      f"{wall['frames']} frames (grid {grid['frames']})")
print(f"  {'':26} {'wall':>9} {'grid':>9}")
for key in keys:
    print(f"  {key:26} {wall[key]:9.2f} {grid[key]:9.2f}")
checks = [("frame_cpu_ms_p50 <= grid", wall["frame_cpu_ms_p50"] <= grid["frame_cpu_ms_p50"]),
          ("frame_interval_ms_p99 <= grid", wall["frame_interval_ms_p99"] <= grid["frame_interval_ms_p99"]),
          ("rss_mb <= grid + 40", wall["rss_mb"] <= grid["rss_mb"] + 40)]
if wall["scroll_mode"] == "fling":
    checks.append(("dropped_frames <= grid", wall["dropped_frames"] <= grid["dropped_frames"]))
print("  targets of #16: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in checks))
PY
)

for run in $(seq "$runs"); do
  for mode in teleport fling; do
    lines=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$harness" --scroll-test --compare-grid \
      --items "$items" --width 1000 --height 760 --scroll-mode "$mode" ${extra[@]+"${extra[@]}"})
    echo "$lines"
    RUN="$run" /usr/bin/python3 -c "$table" <<<"$lines"
  done
done
