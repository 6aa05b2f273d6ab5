#!/usr/bin/env bash
# Builds the API documentation of WaterfallCore, WaterfallFeed and WaterfallGTK as static HTML
# with the toolchain's own `docc` (offline, no plugin package) and fails on any DocC warning.
#
#   scripts/docs.sh [OUT_DIR]     one site per library in OUT_DIR/<Module> (default .build/docs/html)
#
# The symbol graphs are extracted from the debug build's modules with swift-symbolgraph-extract,
# which (unlike -emit-symbol-graph) leaves out what a module re-exports, so WaterfallGTK's site
# does not document all of GTK, WaterfallCore and WaterfallFeed again.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/gtk4-flags.sh

out=$(realpath -m "${1:-.build/docs/html}")
graphs=$(realpath -m .build/docs/symbol-graphs)
swift build --target WaterfallGTK 2>&1 | grep -v '^\[' || true
bin=$(swift build --show-bin-path)
# CWaterfallGtk has a module map of its own (its public headers sit in include/waterfall/); the
# other C targets' maps are the ones SwiftPM generates.
clang_flags=(-Xcc "-fmodule-map-file=$PWD/Sources/CWaterfallGtk/include/module.modulemap"
             -Xcc "-fmodule-map-file=$PWD/Sources/CWaterfallGtk4/module.modulemap"
             -Xcc -I -Xcc "$PWD/Sources/CWaterfallGtk/include"
             -Xcc "-fmodule-map-file=$bin/CWaterfallImageDecoding.build/module.modulemap"
             -Xcc -I -Xcc "$PWD/Sources/CWaterfallImageDecoding/include"
             -Xcc "-fmodule-map-file=$bin/CWaterfallSandbox.build/module.modulemap"
             -Xcc -I -Xcc "$PWD/Sources/CWaterfallSandbox/include"
             -Xcc "-fmodule-map-file=$bin/CWaterfallImageWorker.build/module.modulemap"
             -Xcc -I -Xcc "$PWD/Sources/CWaterfallImageWorker/include"
             -Xcc "-fmodule-map-file=$PWD/Sources/CWaterfallSoup/module.modulemap"
             -Xcc "-fmodule-map-file=$bin/CWaterfallSoupLoading.build/module.modulemap"
             -Xcc -I -Xcc "$PWD/Sources/CWaterfallSoupLoading/include"
             -Xcc "-fmodule-map-file=$PWD/Sources/CWaterfallPixbuf/module.modulemap"
             -Xcc "-fmodule-map-file=$bin/CWaterfallPixbufDecoding.build/module.modulemap"
             -Xcc -I -Xcc "$PWD/Sources/CWaterfallPixbufDecoding/include")
for flag in $(pkg-config --cflags-only-I gtk4 libsoup-3.0); do clang_flags+=(-Xcc "$flag"); done

rm -rf "$graphs" "$out"
mkdir -p "$out"
status=0
for module in WaterfallCore WaterfallFeed WaterfallGTK; do
  mkdir -p "$graphs/$module"
  swift-symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
    -I "$bin/Modules" "${clang_flags[@]}" -minimum-access-level public -output-dir "$graphs/$module"
  log=$(mktemp)
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.waterfall.$module" \
    --transform-for-static-hosting --hosting-base-path "$module" \
    --output-path "$out/$module" --warnings-as-errors >"$log" 2>&1 || status=1
  grep -iE "warning|error" "$log" >&2 || true
  rm -f "$log"
  if [ -f "$out/$module/index.html" ]; then echo "docs: $out/$module/index.html" >&2; fi
done
exit "$status"
