// swift-tools-version:6.0
import PackageDescription

/// CI's collision check: Waterfall beside a package that declares the `CGtk` system library
/// (as swift-cross-ui and SwiftGtk do) must resolve, build and run.
let package = Package(
    name: "WaterfallCollision",
    dependencies: [
        .package(name: "Waterfall", path: "../.."),
        .package(path: "OtherGtk"),
    ],
    targets: [
        .executableTarget(
            name: "collision",
            dependencies: [
                .product(name: "WaterfallGTK", package: "Waterfall"),
                .product(name: "OtherGtk", package: "OtherGtk"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
