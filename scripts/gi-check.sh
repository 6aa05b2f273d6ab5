#!/usr/bin/env bash
# The installed C/GI library end to end, without a Swift toolchain:
#  1. `meson setup` + `meson install` into a prefix inside the clone (.build-meson/prefix);
#  2. with the toolchain hidden (an empty directory bind-mounted over it in a private mount
#     namespace, so neither `swift` nor its runtime exists), checks the installed files and
#     pkg-config, creates a Waterfall.MasonryView in a window from /usr/bin/python3 and gjs, and
#     runs the installed demo with --snapshot (scripts/check-snapshot.py checks it shows cells).
# The install builds the gi-docgen reference with warnings fatal (-Ddocs=true).
# Needs root (unshare -m, mount --bind). Set WATERFALL_MESON_BUILD to reuse another build dir.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${WATERFALL_MESON_BUILD:-$root/.build-meson}
prefix=$build/prefix
out=$build/examples
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")   # …/usr

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" --prefix="$prefix" -Ddocs=true
fi
rm -rf "$prefix"
meson install -C "$build"
# The desktop file and the metainfo (desktop-file-validate, appstreamcli validate).
meson test -C "$build" --print-errorlogs
echo "gi-check: installed $(du -sh "$prefix" | cut -f1) into $prefix (Swift runtime $(du -sh "$prefix"/lib/*/waterfall-1 | cut -f1))"

libdir=$(dirname "$(find "$prefix" -name 'libwaterfall-1.so' | head -1)")
mkdir -p "$out" "$build/empty"
export PKG_CONFIG_PATH=$libdir/pkgconfig GI_TYPELIB_PATH=$libdir/girepository-1.0 LD_LIBRARY_PATH=$libdir
export GSK_RENDERER=cairo NO_AT_BRIDGE=1 GDK_BACKEND=x11

# Runs "$@" with the toolchain's directory replaced by an empty one.
without_swift() {
  unshare -m bash -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' bash "$build/empty" "$toolchain" "$@"
}

without_swift bash -euo pipefail -c '
  if command -v swift >/dev/null || [ -e "'"$toolchain"'/lib/swift" ]; then echo "gi-check: toolchain not hidden" >&2; exit 1; fi
  for f in Waterfall-1.gir; do test -f "'"$prefix"'/share/gir-1.0/$f"; done
  test -f "'"$prefix"'/share/vala/vapi/waterfall-1.vapi" && test -f "'"$prefix"'/share/vala/vapi/waterfall-1.deps"
  pkg-config --cflags --libs waterfall-1
  xvfb-run -a /usr/bin/python3 -c "
import gi; gi.require_version(\"Gtk\", \"4.0\"); gi.require_version(\"Waterfall\", \"1\")
from gi.repository import GLib, Gtk, Waterfall
factory = Waterfall.SignalItemFactory(); factory.connect(\"setup\", lambda f, item: item.set_child(Gtk.Label()))
view = Waterfall.MasonryView(); window = Gtk.Window(child=Gtk.ScrolledWindow(child=view)); window.present()
for _ in range(100): GLib.MainContext.default().iteration(False)
assert view.get_vadjustment() is not None
print(\"python3:\", view)"
  xvfb-run -a gjs -c "imports.gi.versions.Gtk = \"4.0\"; imports.gi.versions.Waterfall = \"1\"; imports.gi.Gtk.init(); const W = imports.gi.Waterfall; print(\"gjs:\", new W.MasonryView())"
'
echo "gi-check: the installed demo"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" "$prefix/bin/waterfall-demo" --items 2000 --snapshot "$out/demo.png"
/usr/bin/python3 scripts/check-snapshot.py "$out/demo.png"
echo "gi-check: all green"
