import WaterfallFeed

extension FeedItem {
    /// What a screen reader says for the item's cell, and what the window title shows when it
    /// is selected: its title and price, whichever the feed gives.
    var accessibleLabel: String {
        [title, price].compactMap { $0 }.joined(separator: ", ")
    }
}
