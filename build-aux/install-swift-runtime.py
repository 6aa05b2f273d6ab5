#!/usr/bin/env python3
"""Meson install script: copies the Swift runtime the installed binaries need beside the library.

  install-swift-runtime.py strip|keep RUNTIME_DIR DEST_SUBDIR LIBRARY [DEMO]

Follows DT_NEEDED from each installed binary (paths relative to the install prefix) and copies
every library found in the toolchain's RUNTIME_DIR, transitively, into DEST_SUBDIR (relative to
the prefix). The library needs none when it links the runtime statically (swift-build.py); the
demo, which SwiftPM links, always does. With nothing to copy, DEST_SUBDIR is not made. With `strip` (Meson's `strip` option, on by default) the copies and the demo, which
Meson installs as a custom target and so does not strip itself, lose their symbol tables and
debug information (`strip --strip-unneeded`: the dynamic symbols stay). The library's RUNPATH ($ORIGIN/waterfall-1) and the demo's find them there, and the
runtime's own libraries carry RUNPATH $ORIGIN, so nothing refers to the toolchain any more.
"""
import os
import shutil
import subprocess
import sys


def needed(path):
    out = subprocess.run(["readelf", "-d", path], check=True, capture_output=True, text=True).stdout
    return [line.split("[", 1)[1].split("]", 1)[0] for line in out.splitlines() if "(NEEDED)" in line]


def main(strip, runtime_dir, dest_subdir, library, demo=""):
    prefix = os.environ["MESON_INSTALL_DESTDIR_PREFIX"]
    dest = os.path.join(prefix, dest_subdir)
    pending = [os.path.join(prefix, b) for b in (library, demo) if b]
    copied = set()
    while pending:
        for name in needed(pending.pop()):
            source = os.path.join(runtime_dir, name)
            if name in copied or not os.path.exists(source):
                continue
            copied.add(name)
            os.makedirs(dest, exist_ok=True)
            shutil.copy2(source, os.path.join(dest, name))
            pending.append(source)
    if strip == "strip" and (copied or demo):
        stripped = [os.path.join(dest, n) for n in copied] + ([os.path.join(prefix, demo)] if demo else [])
        subprocess.run(["strip", "--strip-unneeded"] + stripped, check=True)
    size = sum(os.path.getsize(os.path.join(dest, n)) for n in copied)
    print(f"Swift runtime: {len(copied)} libraries, {size / 1e6:.1f} MB in {dest}")


if __name__ == "__main__":
    main(*sys.argv[1:])
