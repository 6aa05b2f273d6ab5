// swift-tools-version:6.0
import PackageDescription

/// A minimal reproduction of a ThreadSanitizer crash in the Swift toolchain (not in Waterfall):
/// see README.md next to this file.
let package = Package(
    name: "TSanZeroSizeInout",
    targets: [
        .target(name: "Backoff"),
        .testTarget(name: "BackoffTests", dependencies: ["Backoff"]),
    ],
    swiftLanguageModes: [.v6]
)
