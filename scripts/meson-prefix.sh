# The installed library in a prefix of its own, for the scripts that check it (gi-check.sh,
# weight.sh). Source it from the clone's root; it defines:
#
#   meson_install_prefix BUILD PREFIX [SETUP-OPTION…]
#       `meson setup BUILD --prefix=PREFIX SETUP-OPTION…` when BUILD is not set up yet (a build
#       set up before keeps its options), then a fresh `meson install` into PREFIX (the old one
#       removed first); sets `libdir` to the directory that holds libwaterfall-1.so.
#   meson_prefix_environment
#       Exports what programs need to use the library in `libdir` (pkg-config, typelibs, the
#       library itself) and to run headless under Xvfb (cairo renderer, X11, no AT-SPI bus).

meson_install_prefix() {
  local build=$1 prefix=$2
  shift 2
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" --prefix="$prefix" "$@"
  fi
  rm -rf "$prefix"
  meson install -C "$build"
  libdir=$(dirname "$(find "$prefix" -name 'libwaterfall-1.so' | head -1)")
}

meson_prefix_environment() {
  export PKG_CONFIG_PATH=$libdir/pkgconfig GI_TYPELIB_PATH=$libdir/girepository-1.0 LD_LIBRARY_PATH=$libdir
  export GSK_RENDERER=cairo NO_AT_BRIDGE=1 GDK_BACKEND=x11
}
