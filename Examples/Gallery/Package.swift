// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Gallery",
    dependencies: [
        .package(name: "Waterfall", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Gallery",
            dependencies: [.product(name: "WaterfallGTK", package: "Waterfall")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
