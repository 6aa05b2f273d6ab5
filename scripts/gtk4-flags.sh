# Sourced by our own scripts (not needed by packages that depend on Waterfall): points SwiftPM
# at a copy of gtk4.pc that holds only GTK's -I/-D and -l flags, written under .build/ without
# root. SwiftPM reads the standard gtk4.pc itself and drops the flags its allow-list refuses
# (-pthread from GLib, -mfpmath=sse -msse -msse2 from graphene) with a "prohibited flag(s)"
# warning on every build; the copy resolves to the same include and library flags, in the same
# order, so switching between a plain `swift build` and these scripts rebuilds nothing.
if [ -z "${WATERFALL_GTK4_PC_DIR:-}" ]; then
  WATERFALL_GTK4_PC_DIR="$(pwd)/.build/pkgconfig"
  mkdir -p "$WATERFALL_GTK4_PC_DIR"
  {
    printf 'Name: gtk4\nDescription: GTK 4 without the flags SwiftPM refuses (see scripts/gtk4-flags.sh)\n'
    printf 'Version: %s\n' "$(pkg-config --modversion gtk4)"
    printf 'Cflags: %s\n' "$(pkg-config --cflags gtk4 | tr ' ' '\n' | grep -E '^-(I|D)' | tr '\n' ' ')"
    printf 'Libs: %s\n' "$(pkg-config --libs gtk4 | tr ' ' '\n' | grep -E '^-(L|l)' | tr '\n' ' ')"
  } > "$WATERFALL_GTK4_PC_DIR/gtk4.pc.new"
  mv "$WATERFALL_GTK4_PC_DIR/gtk4.pc.new" "$WATERFALL_GTK4_PC_DIR/gtk4.pc"
  # The same copy of gdk-pixbuf-2.0 (CWaterfallPixbuf), whose dependencies bring -pthread too
  # (Debian 12: gmodule-no-export-2.0; Debian 13: also GLib, through sysprof-capture-4).
  if pkg-config --cflags gdk-pixbuf-2.0 | tr ' ' '\n' | grep -qx -- -pthread; then
    {
      printf 'Name: gdk-pixbuf-2.0\nDescription: gdk-pixbuf without the flags SwiftPM refuses (see scripts/gtk4-flags.sh)\n'
      printf 'Version: %s\n' "$(pkg-config --modversion gdk-pixbuf-2.0)"
      printf 'Cflags: %s\n' "$(pkg-config --cflags gdk-pixbuf-2.0 | tr ' ' '\n' | grep -E '^-(I|D)' | tr '\n' ' ')"
      printf 'Libs: %s\n' "$(pkg-config --libs gdk-pixbuf-2.0 | tr ' ' '\n' | grep -E '^-(L|l)' | tr '\n' ' ')"
    } > "$WATERFALL_GTK4_PC_DIR/gdk-pixbuf-2.0.pc.new"
    mv "$WATERFALL_GTK4_PC_DIR/gdk-pixbuf-2.0.pc.new" "$WATERFALL_GTK4_PC_DIR/gdk-pixbuf-2.0.pc"
  fi
  export WATERFALL_GTK4_PC_DIR
  export PKG_CONFIG_PATH="$WATERFALL_GTK4_PC_DIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fi
