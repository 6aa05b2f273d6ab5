#!/usr/bin/env bash
# The image-format wall of issue 15: every fixture of Tests/fixtures/make_images.py (JPEG with
# EXIF orientations 1-8, progressive, CMYK; PNG 8/16-bit, palette, grey, interlaced; GIF, WebP,
# AVIF, HEIC, BMP, TIFF, SVG; animations; a 12000x12000 PNG and a 16000x12000 progressive JPEG;
# one missing image) served by Tests/feed-server/feed_server.py with Cache-Control: max-age=3600
# and ETags, shown by waterfall-demo --feed.
#
#   scripts/formats-demo.sh                           a window (needs a display)
#   scripts/formats-demo.sh --snapshot docs/image-formats.png
#   scripts/formats-demo.sh --scroll-test             JSON figures; run twice: the second run
#                                                     downloads nothing (the disk cache is fresh)
#
# The fixtures are written once into .build/image-formats/; the disk cache is
# $XDG_CACHE_HOME/waterfall (default .build/image-formats/cache, kept between runs). The server
# listens on port $FORMATS_DEMO_PORT (default 8715), the same on every run, so image URLs (the
# cache's keys) stay the same.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
. scripts/gtk4-flags.sh

data=.build/image-formats
if [ ! -f "$data/files/manifest.json" ]; then
  echo "formats-demo: writing the fixtures into $data/files" >&2
  /usr/bin/python3 Tests/fixtures/make_images.py "$data/files" --with-giant
fi
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$(pwd)/$data/cache}"

swift build -c release --product waterfall-demo >&2
swift build -c release --product waterfall-harness >&2  # --scroll-test runs in the harness

ports=$(mktemp)
/usr/bin/python3 Tests/feed-server/feed_server.py --files "$data/files" --port "${FORMATS_DEMO_PORT:-8715}" \
  --ignore-stdin $$ >"$ports" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$ports"' EXIT
for _ in $(seq 100); do
  grep -q '^PORT ' "$ports" && break
  sleep 0.1
done
port=$(sed -n 's/^PORT //p' "$ports")

headless=false
for arg in "$@"; do
  case "$arg" in
    --snapshot|--scroll-test) headless=true ;;
  esac
done
feed="http://127.0.0.1:$port/formats/{page}.json"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && $headless; then
  export GSK_RENDERER="${GSK_RENDERER:-cairo}" GTK_A11Y="${GTK_A11Y:-none}"
  xvfb-run -a -s "-screen 0 1920x1080x24" swift run -c release --skip-build waterfall-demo --feed "$feed" "$@"
else
  swift run -c release --skip-build waterfall-demo --feed "$feed" "$@"
fi
