#!/usr/bin/env bash
# The installed library's weight (issue 37): a release build with -Ddemo=false installed into a
# fresh prefix (.build-weight/prefix; the build in .build-weight is kept between runs), then
#  - the size of the prefix and of the Swift runtime bundled beside the library
#    (<libdir>/waterfall-1/), in bytes (du -sb), and each bundled library;
#  - whether any *Foundation* or *ICU* file other than libFoundationEssentials (which
#    WaterfallFeed may link) is in the prefix, and whether libwaterfall-1.so links libsoup-3.0
#    (readelf -d);
#  - the resident memory (VmRSS) /usr/bin/python3 adds by loading Waterfall-1 and making one
#    Waterfall.MasonryView after Gtk.init(), against one Gtk.GridView (scripts/weight-rss.py;
#    median of 3 processes each, under xvfb-run), and the difference. MB are 10^6 bytes.
#
# Usage: scripts/weight.sh [--max-size-mb N] [--max-rss-mb N]
# With a limit, the run fails when the prefix is larger than N MB or the MasonryView adds
# more than N MB of RSS, and also when Foundation or ICU is installed or libsoup-3.0 is not
# linked. Set WATERFALL_WEIGHT_BUILD to use another build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
max_size='' max_rss=''
while [ $# -gt 0 ]; do
  case $1 in
    --max-size-mb) max_size=${2:?--max-size-mb needs a number}; shift 2 ;;
    --max-rss-mb) max_rss=${2:?--max-rss-mb needs a number}; shift 2 ;;
    -h|--help) sed -n '2,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "weight: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
checking=${max_size}${max_rss}
build=${WATERFALL_WEIGHT_BUILD:-$PWD/.build-weight}
prefix=$build/prefix

. scripts/meson-prefix.sh
mkdir -p "$build"
if ! meson_install_prefix "$build" "$prefix" -Ddemo=false >"$build/weight-install.log" 2>&1; then
  cat "$build/weight-install.log" >&2
  echo "weight: the build or install failed (log above)" >&2
  exit 1
fi
meson_prefix_environment
runtime=$libdir/waterfall-1
failures=()

megabytes() { awk -v bytes="$1" 'BEGIN { printf "%.1f", bytes / 1e6 }'; }
prefix_bytes=$(du -sb "$prefix" | cut -f1)
runtime_bytes=$(du -sb "$runtime" | cut -f1)
echo "weight: prefix $prefix_bytes bytes ($(megabytes "$prefix_bytes") MB), -Ddemo=false"
echo "weight: bundled runtime $runtime_bytes bytes ($(megabytes "$runtime_bytes") MB) in $runtime:"
(cd "$runtime" && du -b -- * | sort -rn | awk '{ printf "  %10d  %s\n", $1, $2 }')

# FoundationEssentials (no ICU) is what WaterfallFeed may link; any other Foundation is not.
heavy=$(find "$prefix" \( -iname '*Foundation*' -o -iname '*ICU*' \) ! -name 'libFoundationEssentials.so*' -printf '%P\n' | sort)
if [ -n "$heavy" ]; then
  echo "weight: Foundation or ICU installed:"; printf '  %s\n' $heavy
  failures+=("Foundation or ICU is installed")
else
  echo "weight: no Foundation or ICU file in the prefix (other than libFoundationEssentials)"
fi
if readelf -d "$libdir/libwaterfall-1.so" | grep -q 'NEEDED.*\[libsoup-3\.0\.so'; then
  echo "weight: libwaterfall-1.so links libsoup-3.0"
else
  echo "weight: libwaterfall-1.so does not link libsoup-3.0"
  failures+=("libsoup-3.0 is not linked")
fi

# The RSS one view adds, in kB: the median of 3 processes (GTK's warnings go to a log, shown
# when a process fails).
rss_log=$build/weight-rss.log
added_kb() {
  local runs=()
  for _ in 1 2 3; do
    if ! runs+=("$(xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 scripts/weight-rss.py "$1" 2>>"$rss_log")"); then
      cat "$rss_log" >&2
      echo "weight: scripts/weight-rss.py $1 failed (log above)" >&2
      exit 1
    fi
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p
}
: >"$rss_log"
waterfall_kb=$(added_kb waterfall)
grid_kb=$(added_kb grid)
echo "weight: RSS added by Waterfall-1 and one Waterfall.MasonryView: $waterfall_kb kB ($(megabytes "$((waterfall_kb * 1024))") MB)"
echo "weight: RSS added by one Gtk.GridView: $grid_kb kB ($(megabytes "$((grid_kb * 1024))") MB)"
echo "weight: the MasonryView's over the GridView's: $((waterfall_kb - grid_kb)) kB ($(megabytes "$(((waterfall_kb - grid_kb) * 1024))") MB)"

if [ -n "$max_size" ] && awk -v bytes="$prefix_bytes" -v limit="$max_size" 'BEGIN { exit !(bytes > limit * 1e6) }'; then
  failures+=("the prefix is over $max_size MB")
fi
if [ -n "$max_rss" ] && awk -v kb="$waterfall_kb" -v limit="$max_rss" 'BEGIN { exit !(kb * 1024 > limit * 1e6) }'; then
  failures+=("the view adds more than $max_rss MB of RSS")
fi
if [ -n "$checking" ] && [ ${#failures[@]} -gt 0 ]; then
  printf 'weight: FAILED: %s\n' "${failures[@]}" >&2
  exit 1
fi
