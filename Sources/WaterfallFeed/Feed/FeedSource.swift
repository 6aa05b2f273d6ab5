import FoundationEssentials

/// A feed URL template: a URL that may contain `{page}`, replaced by the 1-based page number.
///
/// Without `{page}` the URL is a single document (which may still chain further pages through
/// `next`). `http`, `https` and `file` URLs are accepted.
public struct FeedSource: Sendable, Hashable {
    /// The placeholder replaced by the page number.
    public static let pagePlaceholder = "{page}"

    /// The template as given.
    public let template: String

    /// Validates `template` by building the URL of page 1.
    ///
    /// - Throws: `FeedError.invalidURL` when the result is not an absolute `http`, `https` or
    ///   `file` URL.
    public init(template: String) throws(FeedError) {
        self.template = template
        guard let url = URL(string: template.replacing(Self.pagePlaceholder, with: "1")),
              let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
            throw .invalidURL(template)
        }
    }

    /// Whether the template contains `{page}`.
    public var isPaged: Bool {
        template.contains(Self.pagePlaceholder)
    }

    /// The URL of page `page` (1-based).
    public func url(forPage page: Int) -> URL {
        // Substituting digits into a template that parsed with "1" in their place always parses.
        URL(string: template.replacing(Self.pagePlaceholder, with: String(page)))!
    }
}
