#!/usr/bin/env bash
# Builds what a new user would: Examples/Gallery, Examples/FeedWall and Tests/Collision (this
# package beside another one declaring a `CGtk` system library), each a standalone package that
# depends on this one by path, reading GTK's standard gtk4.pc (no scripts/gtk4-flags.sh here).
# Then runs both examples' --snapshot under Xvfb and checks that the PNGs show cells, and that
# FeedWall decoded its images in the sandboxed worker it finds beside itself.
#
#   scripts/examples.sh [OUT_DIR]     snapshots go to OUT_DIR (default .build/examples)
#
# The three packages share one scratch directory, so the Waterfall targets compile once: SwiftPM
# caches the build plan of the last root package there, so its plan files are dropped before
# each package; llbuild then rebuilds only what that package's own commands changed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

out=$(realpath -m "${1:-.build/examples}")
scratch=$(realpath -m .build/examples-build)
mkdir -p "$out" "$scratch"
export GSK_RENDERER=cairo

build() {
  local package=$1 product=$2 start=$SECONDS
  rm -f "$scratch/debug.yaml" "$scratch"/*/debug/description.json
  swift build --package-path "$package" --scratch-path "$scratch" --product "$product" 2>&1 \
    | grep -v '^\[' | grep -v "prohibited flag(s): -pthread" || true
  test -x "$scratch/debug/$product" || { echo "examples: $package did not build" >&2; exit 1; }
  echo "examples: built $package in $((SECONDS - start)) s" >&2
}

# A headless X server, and for the Gallery's GtkApplication a private D-Bus session (without
# one GTK warns that it cannot acquire the session bus). No screen reader listens here.
headless() {
  GTK_A11Y=none dbus-run-session -- xvfb-run -a -s "-screen 0 1920x1080x24" "$@"
}

build Examples/Gallery Gallery
build Examples/FeedWall FeedWall
# The sandboxed decoder, a product of this package: built beside FeedWall, which finds it there.
build Examples/FeedWall waterfall-image-worker
build Tests/Collision collision
"$scratch/debug/collision"

headless "$scratch/debug/Gallery" --snapshot "$out/gallery.png"
/usr/bin/python3 scripts/check-snapshot.py "$out/gallery.png"

# A local feed: 30 generated photos in one JSON page with relative image URLs. A local feed may
# name only files under its own folder (docs/NETWORK.md), so the page sits beside img/.
/usr/bin/python3 scripts/feed-bench-data.py "$out/feed" 30 30 >&2
sed 's|"\.\./img/|"img/|g' "$out/feed/page/1.json" > "$out/feed/local.json"
headless "$scratch/debug/FeedWall" --feed "file://$out/feed/local.json" --snapshot "$out/feed-wall.png"
/usr/bin/python3 scripts/check-snapshot.py "$out/feed-wall.png"
