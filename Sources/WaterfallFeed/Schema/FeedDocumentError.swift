/// Why the bytes of a page could not be read as a document (JSON or property list).
public enum FeedDocumentError: Error, Hashable, CustomStringConvertible {
    /// The bytes are not a document of their format: where (`line 2, column 9` in a text document,
    /// `object 4` in a binary property list, empty when nowhere in particular) and why, in words.
    case invalid(location: String, reason: String)
    /// The document broke one of its ``FeedPageLimits`` while it was read.
    case limitExceeded(FeedPageLimits.Violation)

    /// The place and the reason, or the limit, in words.
    public var description: String {
        switch self {
        case .invalid(let location, let reason): return location.isEmpty ? reason : "\(location): \(reason)"
        case .limitExceeded(let violation): return violation.description
        }
    }
}
