import FoundationEssentials

/// Where a feed page comes from: a page number of a URL template (1-based) or a URL the
/// previous page led to (its `next` URL, its cursor put into the query, or its `Link` header).
public enum FeedCursor: Sendable, Hashable {
    /// Page `n` (1-based) of the source's URL template.
    case page(Int)
    /// A URL the previous page led to.
    case url(URL)
}

/// One decoded page of a feed.
public struct FeedPage: Sendable, Hashable {
    /// The page's items, in document order (items without a valid pixel size included; see
    /// `FeedItem.hasValidPixelSize`).
    public var items: [FeedItem]
    /// How many elements of the document's item array were dropped because they had no image
    /// URL (or were not objects), or, for a folder, because a file's header could not be read.
    public var droppedItemCount: Int
    /// The page after this one, or `nil` when the feed ends here.
    public var next: FeedCursor?

    /// Creates a page.
    public init(items: [FeedItem], droppedItemCount: Int = 0, next: FeedCursor?) {
        self.items = items
        self.droppedItemCount = droppedItemCount
        self.next = next
    }
}
