// swift-tools-version:6.0
import PackageDescription

/// Stands in for another Swift GTK package: its system library is called `CGtk`.
let package = Package(
    name: "OtherGtk",
    products: [.library(name: "OtherGtk", targets: ["OtherGtk"])],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "OtherGtk", dependencies: ["CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)
