// swift-tools-version:6.0
import PackageDescription

/// Waterfall: Pinterest-style waterfall-flow (masonry) collection views for Swift.
///
/// - `WaterfallCore`: platform-free layout engine, collection layouts and view logic (no Foundation).
/// - `WaterfallFeed`: feed models, paging loader and image pipeline (FoundationEssentials, and libsoup 3 for
///   HTTP: `CWaterfallSoup` is libsoup through its standard `libsoup-3.0` pkg-config,
///   `CWaterfallSoupLoading` the C that runs one `SoupSession` on a network thread of its own).
/// - `WaterfallGTK`: the GTK 4 front end; `Waterfall1`: its static archive, which Meson links into
///   the installed C/GI library `libwaterfall-1.so`.
/// - `waterfall-demo`: the shop-wall app (`WaterfallShop`: its windows, feed and options, not a
///   product); `waterfall-harness`: the demo's measuring modes (`--scroll-test`, `--compare-grid`,
///   `--soak`, …), which `waterfall-demo` hands over to; `CWaterfallHarness`: the C only they
///   and the benchmarks need; `waterfall-bench`, `waterfall-gtk-bench`: release-build benchmarks.
/// - `CWaterfallImageWorker`: the sandboxed (seccomp, rlimits) decoder process the image pipeline
///   starts, as code every app that links WaterfallGTK holds (it starts its own executable as the
///   worker); `waterfall-image-worker`: the same as an executable of its own, which the Meson
///   build installs for C, Python, GJS and Vala apps; `CWaterfallSandbox`: its wire protocol and
///   process plumbing; `CWaterfallSeccomp`: libseccomp; `CWaterfallPixbufDecoding`: the gdk-pixbuf decoding
///   the app and the worker share (`CWaterfallPixbuf`: gdk-pixbuf without GTK, for the worker).
/// - `SeededRandom`: the seedable generator the demo, benchmarks and tests share (not a product).
/// - `CWaterfallGtk4`: GTK 4 through the standard `gtk4` pkg-config file, re-exported by
///   `WaterfallGTK`; `CWaterfallGtk`: the C helpers Swift cannot write (not products).
/// - `CWaterfallTestShims`: C the tests need (pixbuf encoding), in no product; `ChildProcesses`:
///   the tests' one way to run a helper program and read what it printed.
let package = Package(
    name: "Waterfall",
    products: [
        .library(name: "WaterfallCore", targets: ["WaterfallCore"]),
        .library(name: "WaterfallFeed", targets: ["WaterfallFeed"]),
        .library(name: "WaterfallGTK", targets: ["WaterfallGTK"]),
        // The archive Meson links into the installed C/GI library, libwaterfall-1.so (meson.build).
        .library(name: "Waterfall1", type: .static, targets: ["WaterfallGTK"]),
        .executable(name: "waterfall-demo", targets: ["waterfall-demo"]),
        .executable(name: "waterfall-harness", targets: ["waterfall-harness"]),
        .executable(name: "waterfall-bench", targets: ["waterfall-bench"]),
        .executable(name: "waterfall-image-worker", targets: ["waterfall-image-worker"]),
    ],
    targets: [
        .target(name: "WaterfallCore"),
        .systemLibrary(name: "CWaterfallSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .target(name: "CWaterfallSoupLoading", dependencies: ["CWaterfallSoup"]),
        .target(name: "WaterfallFeed", dependencies: ["CWaterfallSoup", "CWaterfallSoupLoading"]),
        .target(name: "SeededRandom"),
        .systemLibrary(
            name: "CWaterfallGtk4",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "CWaterfallGtk", dependencies: ["CWaterfallGtk4"]),
        .systemLibrary(name: "CWaterfallJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWaterfallPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWaterfallWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .target(name: "CWaterfallImageDecoding", dependencies: ["CWaterfallJPEG", "CWaterfallPNG", "CWaterfallWebP"]),
        .target(name: "CWaterfallSandbox"),
        .systemLibrary(name: "CWaterfallPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(name: "CWaterfallPixbufDecoding", dependencies: ["CWaterfallPixbuf"], linkerSettings: [.linkedLibrary("m")]),
        .systemLibrary(name: "CWaterfallSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
        .target(name: "CWaterfallImageWorker",
                dependencies: ["CWaterfallSandbox", "CWaterfallImageDecoding", "CWaterfallPixbufDecoding", "CWaterfallSeccomp"]),
        .executableTarget(name: "waterfall-image-worker", dependencies: ["CWaterfallImageWorker"]),
        .target(name: "WaterfallGTK",
                dependencies: ["WaterfallCore", "WaterfallFeed", "CWaterfallGtk4", "CWaterfallGtk", "CWaterfallImageDecoding",
                               "CWaterfallPixbufDecoding", "CWaterfallSandbox", "CWaterfallImageWorker"]),
        .target(name: "WaterfallShop", dependencies: ["WaterfallGTK", "WaterfallCore", "WaterfallFeed", "SeededRandom"]),
        .executableTarget(name: "waterfall-demo", dependencies: ["WaterfallShop"]),
        .target(name: "CWaterfallHarness", dependencies: ["CWaterfallGtk4"]),
        .executableTarget(name: "waterfall-harness",
                          dependencies: ["WaterfallShop", "WaterfallGTK", "WaterfallCore", "WaterfallFeed", "CWaterfallHarness"]),
        .executableTarget(
            name: "waterfall-bench",
            dependencies: ["WaterfallCore", "SeededRandom"],
            path: "Benchmarks/waterfall-bench"
        ),
        .executableTarget(
            name: "waterfall-gtk-bench",
            dependencies: ["WaterfallGTK", "WaterfallCore", "CWaterfallGtk", "CWaterfallHarness", "SeededRandom"],
            path: "Benchmarks/waterfall-gtk-bench"
        ),
        .target(name: "CHeapUsage", path: "Tests/CHeapUsage"),
        .target(name: "ChildProcesses", path: "Tests/ChildProcesses"),
        .testTarget(name: "WaterfallCoreTests", dependencies: ["WaterfallCore", "SeededRandom", "CHeapUsage"]),
        .testTarget(name: "WaterfallFeedTests", dependencies: ["WaterfallFeed", "CWaterfallSoup", "SeededRandom", "ChildProcesses", "CHeapUsage"]),
        .target(name: "CWaterfallTestShims", dependencies: ["CWaterfallGtk4"], path: "Tests/CWaterfallTestShims"),
        .testTarget(name: "WaterfallGTKTests",
                    dependencies: ["WaterfallGTK", "WaterfallCore", "WaterfallFeed", "SeededRandom", "CWaterfallTestShims",
                                   "CWaterfallHarness", "ChildProcesses", "CHeapUsage"]),
    ],
    swiftLanguageModes: [.v6]
)
