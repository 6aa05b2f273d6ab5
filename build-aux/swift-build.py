#!/usr/bin/env python3
"""Builds the Swift parts of the installed library with SwiftPM, for meson.build.

  swift-build.py runtime-dir SWIFT
      Prints the directory of the toolchain's shared Swift runtime (configure time).
  swift-build.py static-runtime-dir SWIFT
      Prints the directory of its static runtime archives, or nothing when it has none.
  swift-build.py build SWIFT SOURCE_ROOT SCRATCH RPATH WORKER_DIR PRODUCT OUTPUT [LINK_RSP]
      Runs `swift build -c release --product PRODUCT` with its scratch path inside Meson's build
      directory, then copies the product to OUTPUT. WORKER_DIR, where Meson installs
      waterfall-image-worker, is compiled in (-DWATERFALL_LIBEXECDIR) for the sandbox's lookup. For the `Waterfall1` archive it also writes
      LINK_RSP, the linker arguments the archive needs when a linker other than swiftc links it:
      `swiftrt.o` (without it the Swift runtime never registers the archive's metadata sections
      and dynamic casts fail silently), the Swift runtime and the package's system libraries.
      The runtime is linked statically from the toolchain's `swift_static` archives: the
      libraries the Swift objects autolink (read with swift-autolink-extract), what those
      archives autolink in turn, and the toolchain's static-stdlib-args.lnk, with --gc-sections.
      The library then needs no Swift runtime beside it, exports only its C API and makes the
      dynamic loader resolve no Swift symbols (docs/PERFORMANCE.md#installed-library). A
      toolchain without static archives gets the shared runtime, installed beside the library.

Every invocation passes the same flags, so the library and the demo share one set of compiled
objects: the toolchain's absolute RUNPATH is left out (-no-toolchain-stdlib-rpath),
executables get RPATH, where the installed copy of the runtime lives, and C code gets WORKER_DIR.
"""
import json
import os
import re
import shutil
import subprocess
import sys


def target_info(swift):
    out = subprocess.run([swift, "-print-target-info"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def runtime_dir(swift):
    return target_info(swift)["paths"]["runtimeLibraryPaths"][0]


def swift_build(swift, source_root, scratch, rpath, worker_dir, product):
    command = [swift, "build", "-c", "release", "--package-path", source_root, "--scratch-path", scratch,
               "--product", product, "-Xswiftc", "-no-toolchain-stdlib-rpath",
               "-Xlinker", "-rpath", "-Xlinker", rpath, "-Xcc", f'-DWATERFALL_LIBEXECDIR="{worker_dir}"']
    out = subprocess.run(command + ["--show-bin-path"], check=True, capture_output=True, text=True).stdout
    bin_path = out.strip().splitlines()[-1]
    # SwiftPM archives with `ar` into the existing archive, which keeps the members of objects
    # whose sources are gone; a whole-archive link would then pull them in. Start it afresh.
    archive = os.path.join(bin_path, f"lib{product}.a")
    if os.path.exists(archive):
        os.remove(archive)
    subprocess.run(command, check=True)
    return bin_path


def static_runtime_dir(swift):
    """The toolchain's static Swift runtime (`…/lib/swift_static/linux` beside the shared
    `…/lib/swift/linux`), or None when the toolchain has no static archives."""
    info = target_info(swift)["paths"]
    shared = info["runtimeLibraryPaths"][0]
    path = os.path.join(os.path.dirname(info["runtimeResourcePath"]), "swift_static", os.path.basename(shared))
    return path if os.path.exists(os.path.join(path, "libswiftCore.a")) else None


def autolinked(swift, archive):
    # Beside the real driver: Debian links only some of the toolchain's programs into /usr/bin.
    extract = os.path.join(os.path.dirname(os.path.realpath(shutil.which(swift) or swift)), "swift-autolink-extract")
    out = subprocess.run([extract, archive, "-o", "-"], check=True, capture_output=True, text=True).stdout
    seen = []
    for flag in out.split():
        if flag not in seen:
            seen.append(flag)
    return seen


def system_libraries(source_root):
    """The link flags of the package's system libraries (their `pkgConfig:` names and
    `.linkedLibrary` settings in Package.swift), which SwiftPM adds when swiftc links but which
    the archive does not record. Unused ones are dropped by the linker's --as-needed."""
    manifest = open(os.path.join(source_root, "Package.swift")).read()
    flags = ["-l" + name for name in re.findall(r'\.linkedLibrary\("([^"]+)"', manifest)]
    for package in re.findall(r'pkgConfig:\s*"([^"]+)"', manifest):
        out = subprocess.run(["pkg-config", "--libs", package], check=True, capture_output=True, text=True).stdout
        flags += out.split()
    return flags


# The C shims a static runtime archive calls but does not autolink (its Swift objects record
# only Swift modules).
STATIC_SHIMS = {"-lFoundationEssentials": ["-l_FoundationCShims"]}


def static_archive(static_dir, flag):
    """The static archive in `static_dir` that the link flag `-lNAME` names, or None."""
    path = os.path.join(static_dir, f"lib{flag[2:]}.a")
    return path if flag.startswith("-l") and os.path.exists(path) else None


def static_runtime_flags(swift, static_dir, flags):
    """`flags` (the archive's autolinked libraries) with what the static runtime archives among
    them autolink, transitively, their C shims, and the toolchain's own list for a static
    stdlib (libstdc++ and the other C libraries the runtime needs)."""
    flags = list(flags)
    for flag in flags:   # grows while it is walked: each archive's own autolink entries
        library = static_archive(static_dir, flag)
        if library:
            shims = [f for f in STATIC_SHIMS.get(flag, []) if static_archive(static_dir, f)]
            flags += [f for f in autolinked(swift, library) + shims if f not in flags]
    # The .lnk file is written for swiftc (`-Xlinker X` pairs); its -l flags are what a C
    # driver needs, the rest is for executables.
    with open(os.path.join(static_dir, "static-stdlib-args.lnk")) as lnk:
        flags += [f for f in lnk.read().split() if f.startswith("-l") and f not in flags]
    return flags + ["-Wl,--gc-sections"]


def write_link_rsp(swift, source_root, archive, path):
    rt = runtime_dir(swift)
    static_dir = static_runtime_dir(swift)
    target = target_info(swift)["target"]
    # Swift 6.0's -print-target-info has no "arch"; the triple starts with it.
    arch = target.get("arch") or target["unversionedTriple"].split("-")[0]
    flags = autolinked(swift, archive)
    if static_dir:
        flags = ["-L" + static_dir] + static_runtime_flags(swift, static_dir, flags)
    else:
        flags = ["-L" + rt] + flags
    flags = [os.path.join(rt, arch, "swiftrt.o")] + flags
    flags += [f for f in system_libraries(source_root) if f not in flags]
    # Meson links with --no-undefined: libdispatch and libm are used directly by the runtime's
    # headers' inline code and must be named.
    for extra in ("-ldispatch", "-lBlocksRuntime", "-lm"):
        if extra not in flags:
            flags.append(extra)
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(flags) + "\n")
    os.replace(path + ".tmp", path)


def main(argv):
    if argv[1] == "runtime-dir":
        print(runtime_dir(argv[2]))
        return
    if argv[1] == "static-runtime-dir":
        print(static_runtime_dir(argv[2]) or "")
        return
    swift, source_root, scratch, rpath, worker_dir, product, output = argv[2:9]
    bin_path = swift_build(swift, source_root, scratch, rpath, worker_dir, product)
    built = os.path.join(bin_path, f"lib{product}.a" if len(argv) > 9 else product)
    shutil.copy2(built, output + ".tmp")
    os.replace(output + ".tmp", output)
    if len(argv) > 9:
        write_link_rsp(swift, source_root, output, argv[9])


if __name__ == "__main__":
    main(sys.argv)
