// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FeedWall",
    dependencies: [
        .package(name: "Waterfall", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FeedWall",
            dependencies: [.product(name: "WaterfallGTK", package: "Waterfall")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
