import CWaterfallGtk
import CWaterfallGtk4
import WaterfallFeed

extension FeedItem {
    /// What a screen reader says for the item's cell in a ``FeedWall`` (and in a
    /// `WaterfallFeedItemFactory`'s wall): its title and price, whichever the feed gives, joined
    /// by the locale's list separator (``WaterfallStrings/listSeparator``, ", " in English).
    @MainActor public var accessibleLabel: String {
        Self.accessibleLabel(title: title, price: price)
    }

    /// The accessible label of an item of `title` and `price` (either may be missing).
    @MainActor static func accessibleLabel(title: String?, price: String?) -> String {
        [title, price].compactMap { $0 }.joined(separator: WaterfallStrings.current.listSeparator)
    }
}

/// `WaterfallFeedItemFactory`'s cells say what `FeedWall`'s say (see `wf_cell.h`).
@_cdecl("waterfall_swift_feed_item_accessible_label")
@MainActor
func waterfallSwiftFeedItemAccessibleLabel(_ title: UnsafePointer<CChar>?, _ subtitle: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    g_strdup(FeedItem.accessibleLabel(title: title.map { String(cString: $0) }, price: subtitle.map { String(cString: $0) }))
}
