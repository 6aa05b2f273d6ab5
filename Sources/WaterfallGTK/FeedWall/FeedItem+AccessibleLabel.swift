import WaterfallFeed

extension FeedItem {
    /// What a screen reader says for the item's cell in a ``FeedWall``: its title and price,
    /// whichever the feed gives, joined by a comma.
    public var accessibleLabel: String {
        [title, price].compactMap { $0 }.joined(separator: ", ")
    }
}
