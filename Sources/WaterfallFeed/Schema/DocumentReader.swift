/// A reader of a text document format into a ``FeedValue`` (``JSONReader``, ``XMLPlistReader``):
/// made over the bytes with a budget of the page's limits, it reads the one document they hold.
protocol DocumentReader {
    /// A reader at the start of `bytes`, spending `budget` as it opens containers.
    init(bytes: UnsafeBufferPointer<UInt8>, budget: DocumentBudget)

    /// Reads the whole document.
    mutating func document() throws(FeedDocumentError) -> FeedValue
}

extension DocumentReader {
    /// Reads the document in `bytes` within `limits`.
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: ``FeedDocumentError/invalid(location:reason:)`` where the bytes are not a
    ///   document of the format; ``FeedDocumentError/limitExceeded(_:)`` where `limits` are broken.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, limits: FeedPageLimits) throws(FeedDocumentError) -> FeedValue {
        var reader = Self(bytes: bytes, budget: DocumentBudget(limits: limits))
        return try reader.document()
    }
}
