#!/usr/bin/env bash
# Installs what Waterfall needs on Debian 12 or 13 (run as root; idempotent and quiet when all is
# there). On Debian 12 the Swift 6 toolchain itself is expected on PATH; on Debian 13, when no
# `swift` is on PATH, Debian's own `swiftlang` (6.0.3) is installed.
set -euo pipefail
release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
# dbus, at-spi2-core and python3-pyatspi: the accessibility test reads the demo over AT-SPI; dbus
# also gives the Gallery example's GtkApplication a session bus in CI (dbus-run-session).
# Image decoding: libjpeg-turbo, libpng and libwebp (streaming decoders), gdk-pixbuf loaders for
# SVG, WebP animations, AVIF and HEIC; the tests encode AVIF and HEIC fixtures with avifenc and heif-enc.
# ca-certificates: libcurl's trust store, which the TLS tests need (a minimal root lacks it);
# x11-utils: xwininfo, with which the Python examples snapshot their windows (gi-check.sh).
packages=(ca-certificates libgtk-4-dev xvfb xauth x11-utils python3 python3-pil fonts-dejavu-core pkg-config dbus at-spi2-core python3-pyatspi
  libjpeg62-turbo-dev libpng-dev libwebp-dev librsvg2-common webp-pixbuf-loader libavif-gdk-pixbuf heif-gdk-pixbuf
  libavif-bin libheif-examples
  # The installed C/GI library (Meson, GObject Introspection, Vala, GJS, gi-docgen), the decoder
  # sandbox (libseccomp), translations (gettext, locales), the demo's desktop files, TLS fixtures
  # (openssl), real input (xdotool) and leak checks of the C example (valgrind).
  meson ninja-build gobject-introspection python3-gi gir1.2-gtk-4.0 gjs valac
  gi-docgen libseccomp-dev gettext locales appstream desktop-file-utils openssl xdotool valgrind
  stress-ng  # docs/TESTING.md: the suite is also run beside stress-ng --cpu 2
  fonts-wqy-microhei  # Chinese glyphs for the zh_TW translation's screenshots
  libsoup-3.0-dev glib-networking  # HTTP: libsoup 3, with glib-networking's TLS (GnuTLS) and proxy support
  nghttp2-server  # nghttpd: the HTTP/2 server of the TLS tests
  gir1.2-adw-1)  # libadwaita for Python: the test that the wall follows AdwStyleManager's high contrast
# The names that differ between the releases.
case $release in
  trixie)
    # libgirepository's development files were split (libgirepository1.0-dev is now the "complete"
    # set); libheif's codecs are plugins: libde265 decodes HEIC for the pixbuf loader, x265 encodes
    # the HEIC fixtures (heif-enc), and only recommended, so named here.
    packages+=(libgirepository-1.0-dev libheif-plugin-libde265 libheif-plugin-x265)
    # The Rust example (Examples/rust): gtk4-rs 0.9 from Debian's packaged crates, built offline.
    packages+=(cargo librust-gtk4-dev)
    command -v swift >/dev/null || packages+=(swiftlang)
    ;;
  *) packages+=(libgirepository1.0-dev) ;;
esac
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
# The translations' tests and screenshots run the demo under zh_TW and he_IL; IntegerText's test
# compares its digit grouping with printf's in all of these (de_DE, fr_FR and hi_IN group
# differently), and cannot skip a missing one before Swift 6.3 (Debian 13's swiftlang is 6.0.3).
for l in zh_TW.UTF-8 he_IL.UTF-8 de_DE.UTF-8 fr_FR.UTF-8 hi_IN.UTF-8; do
  if ! locale -a 2>/dev/null | grep -qix "${l%.UTF-8}.utf8"; then
    grep -q "^${l} UTF-8" /etc/locale.gen 2>/dev/null || echo "${l} UTF-8" >> /etc/locale.gen
    need_locales=1
  fi
done
if [ -n "${need_locales:-}" ]; then locale-gen >/dev/null; fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (Swift 6 toolchain required)" >&2; exit 1; }

