# Sourced by our own scripts (not needed by packages that depend on Waterfall): points SwiftPM
# at copies of gtk4.pc and libsoup-3.0.pc that hold only their -I/-D and -l flags, written under
# .build/ without root. SwiftPM reads the standard gtk4.pc itself and drops the flags its allow-list refuses
# (-pthread from GLib, -mfpmath=sse -msse -msse2 from graphene, -Wl,--export-dynamic from
# gmodule) with a "prohibited flag(s)" warning on every build; each copy resolves to the same include and library flags, in the same
# order, so switching between a plain `swift build` and these scripts rebuilds nothing.
if [ -z "${WATERFALL_GTK4_PC_DIR:-}" ]; then
  WATERFALL_GTK4_PC_DIR="$(pwd)/.build/pkgconfig"
  mkdir -p "$WATERFALL_GTK4_PC_DIR"
  # gdk-pixbuf-2.0 (CWaterfallPixbuf): its dependencies bring -pthread too (Debian 12:
  # gmodule-no-export-2.0; Debian 13: also GLib, through sysprof-capture-4).
  for package in gtk4 libsoup-3.0 gdk-pixbuf-2.0; do
    {
      printf 'Name: %s\nDescription: %s without the flags SwiftPM refuses (see scripts/gtk4-flags.sh)\n' "$package" "$package"
      printf 'Version: %s\n' "$(pkg-config --modversion "$package")"
      printf 'Cflags: %s\n' "$(pkg-config --cflags "$package" | tr ' ' '\n' | grep -E '^-(I|D)' | tr '\n' ' ')"
      printf 'Libs: %s\n' "$(pkg-config --libs "$package" | tr ' ' '\n' | grep -E '^-(L|l)' | tr '\n' ' ')"
    } > "$WATERFALL_GTK4_PC_DIR/$package.pc.new"
    mv "$WATERFALL_GTK4_PC_DIR/$package.pc.new" "$WATERFALL_GTK4_PC_DIR/$package.pc"
  done
  export WATERFALL_GTK4_PC_DIR
  export PKG_CONFIG_PATH="$WATERFALL_GTK4_PC_DIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fi
