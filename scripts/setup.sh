#!/usr/bin/env bash
# Installs what Waterfall needs on Debian 12 (run as root; idempotent and quiet when all is there).
# The Swift 6 toolchain itself is expected on PATH.
set -euo pipefail
# Image decoding: libjpeg-turbo, libpng and libwebp (streaming decoders), gdk-pixbuf loaders for
# SVG, WebP animations, AVIF and HEIC; the tests encode AVIF and HEIC fixtures with avifenc and heif-enc.
packages=(libgtk-4-dev xvfb xauth python3 python3-pil fonts-dejavu-core pkg-config
  libjpeg62-turbo-dev libpng-dev libwebp-dev librsvg2-common webp-pixbuf-loader libavif-gdk-pixbuf heif-gdk-pixbuf
  libavif-bin libheif-examples)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (Swift 6 toolchain required)" >&2; exit 1; }

# The CGtk module reads GTK's flags from "waterfall-gtk4.pc": gtk4.pc minus the compiler flags
# SwiftPM refuses (-pthread, -msse…), which it would otherwise drop with a warning on every build.
pcdir=/usr/local/lib/pkgconfig
pcfile=$pcdir/waterfall-gtk4.pc
cflags=$(pkg-config --cflags gtk4 | tr ' ' '\n' | grep -E '^-(I|D)' | tr '\n' ' ')
libs=$(pkg-config --libs gtk4)
version=$(pkg-config --modversion gtk4)
wanted=$(printf 'Name: waterfall-gtk4\nDescription: GTK 4 flags for the Waterfall package\nVersion: %s\nCflags: %s\nLibs: %s\n' "$version" "$cflags" "$libs")
if [ ! -f "$pcfile" ] || [ "$(cat "$pcfile")" != "$wanted" ]; then
  mkdir -p "$pcdir"
  printf '%s\n' "$wanted" > "$pcfile"
fi
