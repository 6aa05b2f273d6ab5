import FoundationEssentials

/// Something that produces feed pages for a `FeedLoader`: `HTTPFeed` (a URL template over a
/// `DataLoading`) or `FolderFeed` (the images of a local directory).
public protocol FeedPageProviding: Sendable {
    /// Fetches and decodes the page at `cursor`; the first page is `.page(1)`.
    ///
    /// - Throws: `FeedError`; the loader retries the error when `isRetriedAutomatically` is true.
    func page(at cursor: FeedCursor) async throws(FeedError) -> FeedPage
}
