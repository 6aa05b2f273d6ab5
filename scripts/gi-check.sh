#!/usr/bin/env bash
# The installed C/GI library end to end, without a Swift toolchain:
#  1. `meson setup` + `meson install` into a prefix inside the clone (.build-meson/prefix);
#  2. with the toolchain hidden (an empty directory bind-mounted over it in a private mount
#     namespace, so neither `swift` nor its runtime exists), compiles the C example with
#     `pkg-config --cflags --libs waterfall-1` and the Vala one with `--pkg waterfall-1`, runs the
#     four examples (C, Vala, /usr/bin/python3, gjs; and Rust where Debian has gtk4-rs 0.9), the
#     Python feed example, the Python feed-model example (the default factory) and the GJS
#     feed-model example over a local feed and the installed demo
#     with --snapshot and checks that each snapshot shows cells (scripts/check-snapshot.py) and the
#     Python gallery of Waterfall.Image, checks that the installed demo decodes a folder of every
#     image format in the installed, seccomp-confined waterfall-image-worker (its debug log),
#     runs the photos-by-month examples (C and Python: section headers on GTK 4.12+, none
#     before) with --snapshot, the Python image, reliability, property, feed-model, GTK-convention,
#     list-API, section, high-contrast and drag-and-drop tests, checks that a 10,000,000-item lazy GListModel is not walked before the
#     first frame (Examples/c/lazy-model.c), checks that
#     the C feed wall (an app outside SwiftPM) decodes in the installed, confined worker, and
#     runs the C photo wall, the C reliability cases (Examples/c/reliability.c), the C feed
#     wall and the C feed model (each dropped with a refresh pending) under valgrind's memcheck:
#     errors and definite leaks fail (scripts/valgrind-gtk.supp documents the few one-time
#     allocations of GTK's dependencies it suppresses).
# The install builds the gi-docgen reference with warnings fatal (-Ddocs=true).
# Needs root (unshare -m, mount --bind). Set WATERFALL_MESON_BUILD to reuse another build dir.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${WATERFALL_MESON_BUILD:-$root/.build-meson}
prefix=$build/prefix
out=$build/examples
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")   # …/usr

. scripts/meson-prefix.sh
meson_install_prefix "$build" "$prefix" -Ddocs=true
# The desktop file and the metainfo (desktop-file-validate, appstreamcli validate).
meson test -C "$build" --print-errorlogs
echo "gi-check: installed $(du -sh "$prefix" | cut -f1) into $prefix (Swift runtime $(du -sh "$prefix"/lib/*/waterfall-1 | cut -f1))"
# Installed stripped: no ELF file of the prefix carries debug information or a symbol table.
while IFS= read -r -d '' file; do
  [ "$(head -c 4 "$file" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ] || continue
  if readelf -S "$file" | grep -qE '\.debug_info|\.symtab'; then
    echo "gi-check: $file is installed with debug information or a symbol table" >&2
    exit 1
  fi
done < <(find "$prefix" -type f -print0)

mkdir -p "$out" "$build/empty"
meson_prefix_environment

# Runs "$@" with the toolchain's directory replaced by an empty one.
without_swift() {
  unshare -m bash -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' bash "$build/empty" "$toolchain" "$@"
}

without_swift bash -euo pipefail -c '
  if command -v swift >/dev/null || [ -e "'"$toolchain"'/lib/swift" ]; then echo "gi-check: toolchain not hidden" >&2; exit 1; fi
  test -f "'"$prefix"'/share/gir-1.0/Waterfall-1.gir"
  test -f "'"$prefix"'/share/vala/vapi/waterfall-1.vapi" && test -f "'"$prefix"'/share/vala/vapi/waterfall-1.deps"
  cc -Wall -Wextra -Wno-unused-parameter -Werror -o "'"$out"'/photo-wall-c" Examples/c/photo-wall.c \
    $(pkg-config --cflags --libs waterfall-1)
  cc -Wall -Wextra -Wno-unused-parameter -Werror -o "'"$out"'/feed-wall-c" Examples/c/feed-wall.c \
    $(pkg-config --cflags --libs waterfall-1)
  cc -Wall -Wextra -Wno-unused-parameter -Werror -o "'"$out"'/reliability-c" Examples/c/reliability.c \
    $(pkg-config --cflags --libs waterfall-1)
  cc -Wall -Wextra -Wno-unused-parameter -Werror -o "'"$out"'/lazy-model-c" Examples/c/lazy-model.c \
    $(pkg-config --cflags --libs waterfall-1)
  cc -Wall -Wextra -Wno-unused-parameter -Werror -o "'"$out"'/feed-model-c" Examples/c/feed-model.c \
    $(pkg-config --cflags --libs waterfall-1)
  cc -Wall -Wextra -Wno-unused-parameter -Werror -o "'"$out"'/photo-months-c" Examples/c/photo-months.c \
    $(pkg-config --cflags --libs waterfall-1)
  valac --quiet --pkg gtk4 --pkg waterfall-1 --vapidir "'"$prefix"'/share/vala/vapi" \
    --directory "'"$out"'" -o photo-wall-vala Examples/vala/photo-wall.vala 2>/dev/null
'

run_snapshot() {
  local name=$1; shift
  echo "gi-check: $name"
  without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" "$@" --snapshot "$out/$name.png"
  /usr/bin/python3 scripts/check-snapshot.py "$out/$name.png"
}
run_snapshot c "$out/photo-wall-c"
run_snapshot vala "$out/photo-wall-vala"
run_snapshot python /usr/bin/python3 Examples/python/photo-wall.py
# Photos by month with pinned section headers (GTK 4.12+; built against 4.8, without headers).
run_snapshot c-months "$out/photo-months-c"
run_snapshot python-months /usr/bin/python3 Examples/python/photo-months.py
run_snapshot gjs gjs -m Examples/gjs/photo-wall.js
run_snapshot demo "$prefix/bin/waterfall-demo" --items 2000
# The Rust example where Debian packages gtk4-rs 0.9 (the Debian 13 leg; setup.sh installs
# cargo and librust-gtk4-dev there): built offline from Debian's crate folder.
if compgen -G "/usr/share/cargo/registry/gtk4-0.9*" >/dev/null && command -v cargo >/dev/null; then
  echo "gi-check: building the Rust example (gtk4-rs 0.9 from Debian's crates, offline)"
  without_swift bash -euo pipefail -c 'cd Examples/rust/photo-wall && CARGO_TARGET_DIR="$1" cargo build --offline --quiet' \
    bash "$out/rust"
  run_snapshot rust "$out/rust/debug/waterfall-photo-wall"
else
  echo "gi-check: no gtk4-rs 0.9 among Debian's crates here; the Rust example runs on the Debian 13 leg"
fi
# Waterfall.FeedWall from Python over a local feed: 30 generated photos in one JSON page beside
# img/ (a local feed may name only files under its own folder).
/usr/bin/python3 scripts/feed-bench-data.py "$out/feed" 30 30 >&2
sed 's|"\.\./img/|"img/|g' "$out/feed/page/1.json" > "$out/feed/local.json"
run_snapshot python-feed /usr/bin/python3 Examples/python/feed.py "file://$out/feed/local.json"
# The same feed as a list model in a Waterfall.MasonryView with the default factory,
# Waterfall.FeedItemFactory (the shop wall's cells, no factory of the app's own).
run_snapshot python-feed-model /usr/bin/python3 Examples/python/feed-model.py "file://$out/feed/local.json"
# Waterfall.Image: the gallery over the feed's photos, and the image's tests (a local server).
run_snapshot python-gallery /usr/bin/python3 Examples/python/gallery.py "$out/feed/img"
echo "gi-check: Python image tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_image.py
# Waterfall.FeedModel from GJS, with the example's own cells, over the same feed.
run_snapshot gjs-feed gjs -m Examples/gjs/feed-wall.js "file://$out/feed/local.json"

# The installed sandbox: a folder wall of every image fixture, decoded by the installed
# waterfall-image-worker (libexecdir/waterfall-1, found from the path compiled in), confined.
# The debug log names each worker when its first image is back, with its /proc status (GLib
# writes debug messages to standard output, so both streams go to the log).
echo "gi-check: sandboxed decoding"
/usr/bin/python3 Tests/fixtures/make_images.py "$out/fixtures" >/dev/null
worker=$(find "$prefix" -path "*/waterfall-1/waterfall-image-worker" -type f | head -1)   # libexecdir/waterfall-1
if [ -z "$worker" ] || readelf -d "$worker" | grep -q 'libswift'; then
  echo "gi-check: no waterfall-image-worker installed, or it needs the Swift runtime" >&2; exit 1
fi
without_swift timeout 300 env G_MESSAGES_DEBUG=Waterfall xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$prefix/bin/waterfall-demo" --folder "$out/fixtures" --snapshot "$out/sandbox.png" >"$out/sandbox.log" 2>&1
/usr/bin/python3 scripts/check-snapshot.py "$out/sandbox.png"
if grep -q "no waterfall-image-worker found" "$out/sandbox.log" ||
   ! grep -q "image worker [0-9]* ($worker) decoded its first image; NoNewPrivs: 1, Seccomp: 2" "$out/sandbox.log"; then
  echo "gi-check: the installed demo did not decode in a confined worker:" >&2; cat "$out/sandbox.log" >&2; exit 1
fi

# A lazy GListModel of 10,000,000 items from C (issue 41): the wall's first frame fetches a
# few thousand items at most (the program fails when it fetched more than 1 %).
echo "gi-check: a 10,000,000-item lazy model from C is not walked before the first frame"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" "$out/lazy-model-c" --items 10000000

# The garbage-collection and reentrancy tests.
echo "gi-check: Python reliability tests"
without_swift timeout 600 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_reliability.py \
  Reliability.test_drop_view_while_images_load Reliability.test_model_changes_inside_bind \
  Reliability.test_one_items_changed_of_a_million \
  Reliability.test_finalize_with_work_pending Reliability.test_bad_property_values_fall_back \
  Properties FeedWallReliability

# Waterfall.FeedModel against a local feed server: pages, has-more, refresh at 0 in one
# items-changed, failed and malformed pages, the MultiSelection app of docs/LIST-MODELS.md.
echo "gi-check: Python feed-model tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_feed_model.py

# What a GTK developer expects: GtkListBase's actions, every refresh emitted over a list model,
# extreme sizes from the app or a feed.
echo "gi-check: Python GTK-convention tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_gtk_conventions.py

# GtkListBase's keys and GTK 4.12's list API (tab-behavior, scroll_to, sections) with real
# keyboard input (XTEST); the GTK 4.12 parts skip on older GTK.
echo "gi-check: Python list-API tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_list_api.py

# Sections from a GtkSectionModel with a header factory and pinned headers, keys over them with
# real keyboard input (XTEST); skipped on GTK before 4.12.
echo "gi-check: Python section tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_sections.py

# libadwaita's high contrast (AdwStyleManager:high-contrast) marks the wall.
echo "gi-check: Python high-contrast tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_high_contrast.py

# Drag and drop through the GObject surface, with real pointer input (XTEST).
echo "gi-check: Python drag-and-drop tests"
without_swift timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" /usr/bin/python3 Examples/python/test_drag_and_drop.py

# An app outside SwiftPM decodes in the installed worker: the C feed wall, linked to the
# installed library only, finds libexecdir/waterfall-1/waterfall-image-worker from the path
# compiled into the library and names it, confined, in its debug log.
echo "gi-check: the C feed wall decodes in the installed worker"
without_swift timeout 300 env G_MESSAGES_DEBUG=Waterfall xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$out/feed-wall-c" "file://$out/feed/local.json" --exit-when-loaded >"$out/feed-wall.log" 2>&1
if grep -q "no waterfall-image-worker found" "$out/feed-wall.log" ||
   ! grep -q "image worker [0-9]* ($worker) decoded its first image; NoNewPrivs: 1, Seccomp: 2" "$out/feed-wall.log"; then
  echo "gi-check: the C feed wall did not decode in the installed, confined worker:" >&2; cat "$out/feed-wall.log" >&2; exit 1
fi

# Memcheck on the C programs, against the library as installed: `meson install` strips it
# (meson.build's strip=true), so valgrind 3.19, which cannot read the DWARF 5 the toolchain's
# clang writes, reads it as it is.
# Suppressions only valgrind 3.22 and later can parse (Debian 13), added where it is that recent.
suppressions=(--suppressions=scripts/valgrind-gtk.supp)
if printf '3.22\n%s\n' "$(valgrind --version | sed 's/^valgrind-//')" | sort -V -C; then
  suppressions+=(--suppressions=scripts/valgrind-gtk-3.22.supp)
fi
# No GL under valgrind: GDK_DISABLE=gl from GTK 4.16 (which warns of GDK_DEBUG=gl-disable).
if pkg-config --atleast-version=4.16 gtk4; then no_gl=GDK_DISABLE=gl; else no_gl=GDK_DEBUG=gl-disable; fi
memcheck() {
  echo "gi-check: valgrind on $1"; shift
  without_swift timeout 1800 env "$no_gl" xvfb-run -a -s "-screen 0 1280x1024x24" \
    valgrind --quiet --error-exitcode=9 --child-silent-after-fork=yes --leak-check=full \
      --show-leak-kinds=definite --errors-for-leak-kinds=definite --num-callers=30 \
      "${suppressions[@]}" "$@"
}
# The photo wall under memcheck: its --snapshot waits for a bound cell and a drawn frame (at
# valgrind's speed the first frames come before the idle work that places the cells).
memcheck "the C photo wall" "$out/photo-wall-c" --items 100000 --snapshot "$out/c-valgrind.png"
/usr/bin/python3 scripts/check-snapshot.py "$out/c-valgrind.png"
# Dropped while images load, the model changed inside a bind, one items-changed of 1,000,000
# items, finalized with work pending: each view finalized, nothing leaked.
memcheck "the C reliability cases" "$out/reliability-c"
# The feed wall from C: loaded over the local feed (photos decoded in the worker), then dropped
# with a refresh pending.
memcheck "the C feed wall" "$out/feed-wall-c" "file://$out/feed/local.json" --exit-when-loaded
# The feed as a list model from C: loaded into a wall of its own cells, then dropped with a
# refresh pending.
memcheck "the C feed model" "$out/feed-model-c" "file://$out/feed/local.json" --exit-when-loaded
echo "gi-check: all green"
