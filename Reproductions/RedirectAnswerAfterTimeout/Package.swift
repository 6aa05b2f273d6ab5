// swift-tools-version:6.0
import PackageDescription

/// A minimal reproduction of a FoundationNetworking trap (swift-corelibs-foundation, not
/// Waterfall): see README.md next to this file.
let package = Package(
    name: "RedirectAnswerAfterTimeout",
    targets: [
        .executableTarget(name: "redirect-late-answer"),
    ],
    swiftLanguageModes: [.v6]
)
