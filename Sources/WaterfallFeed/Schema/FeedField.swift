/// The key paths a `FeedSchema` field may be found at, tried in order: `a|b|c` means the first of
/// `a`, `b`, `c` that is present and neither `null` nor an empty string.
///
/// A field with no paths is not mapped (always absent).
public struct FeedField: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The alternatives, first preferred.
    public let paths: [FeedKeyPath]

    /// A field that is never present.
    public static let unmapped = FeedField(paths: [])

    /// A field at these paths.
    public init(paths: [FeedKeyPath]) {
        self.paths = paths
    }

    /// Parses `a|b|c`; empty alternatives are skipped, so an empty text is an unmapped field.
    ///
    /// - Throws: `FeedSchemaError.invalidPath` for the first path that does not parse.
    public init(_ text: String) throws(FeedSchemaError) {
        var paths: [FeedKeyPath] = []
        for alternative in FeedSchema.split(text, on: "|") {
            let path = try FeedKeyPath(alternative)
            if !path.components.isEmpty { paths.append(path) }
        }
        self.paths = paths
    }

    /// A field from a literal path written in code; the literal must parse (presets).
    public init(stringLiteral text: String) {
        do {
            try self.init(text)
        } catch {
            preconditionFailure("invalid feed field literal: \(error)")
        }
    }

    /// The paths as written, joined by `|`.
    public var description: String {
        paths.map(\.description).joined(separator: "|")
    }

    /// The first alternative's value that is present and not blank (`null`, `""`), with the path
    /// it was found at; `nil` when none is.
    ///
    /// - Complexity: O(total path length).
    func lookup(in root: FeedValue) -> (value: FeedValue, path: FeedKeyPath)? {
        for path in paths {
            if let value = path.value(in: root), !value.isBlank { return (value, path) }
        }
        return nil
    }

    /// Every alternative's present, non-blank value in order, with its path.
    func candidates(in root: FeedValue) -> [(value: FeedValue, path: FeedKeyPath)] {
        paths.compactMap { path in
            path.value(in: root).flatMap { $0.isBlank ? nil : ($0, path) }
        }
    }
}
