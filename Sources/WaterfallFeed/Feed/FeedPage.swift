import Foundation

/// Where a feed page comes from: a page number of a URL template (1-based) or a URL given by the
/// previous page's `next`.
public enum FeedCursor: Sendable, Hashable {
    /// Page `n` (1-based) of the source's URL template.
    case page(Int)
    /// A URL given by a page's `next` key.
    case url(URL)
}

/// One decoded page of a feed.
public struct FeedPage: Sendable, Hashable {
    /// The page's items that have a valid pixel size, in document order.
    public var items: [FeedItem]
    /// How many items of the document were dropped because `w` or `h` was not a finite number
    /// greater than zero (see `FeedItem.hasValidPixelSize`), or, for a folder, because a file's
    /// header could not be read.
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
