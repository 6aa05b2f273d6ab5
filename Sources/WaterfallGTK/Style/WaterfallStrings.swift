import Foundation

/// Every piece of text the Waterfall widgets show, in English by default.
///
/// Waterfall does not ship translations. An application translates them the way it translates
/// its own text — with gettext, say — by replacing ``current`` before it creates its views:
///
/// ```swift
/// WaterfallStrings.current.loadingMore = String(cString: gettext("Loading more…"))
/// ```
///
/// Views read ``current`` each time they show a footer or header; image cells and error
/// banners when they are created. Set it at startup.
public struct WaterfallStrings: Sendable, Equatable {
    /// The load-more footer while a page loads.
    public var loadingMore = "Loading more…"
    /// The load-more footer after a page failed.
    public var loadMoreFailed = "Could not load more — scroll to retry"
    /// The refresh header while the content is pulled down.
    public var pullToRefresh = "Pull to refresh"
    /// The refresh header once releasing would refresh.
    public var releaseToRefresh = "Release to refresh"
    /// The refresh header while refreshing.
    public var refreshing = "Refreshing…"
    /// An image cell whose image failed to load or decode.
    public var imageUnavailable = "⚠\nImage unavailable"
    /// A feed wall whose feed ended without a single item (``FeedWall/Options/emptyMessage``
    /// replaces it for one wall).
    public var emptyFeed = "This feed has no items"
    /// The error banner's button (with `_` before its mnemonic letter).
    public var retry = "_Retry"

    /// Announced after an item moved (a drop, or the keyboard's move): `{position}` and
    /// `{count}` are replaced with the 1-based position and the item count, both formatted for
    /// the locale ("Moved to position 12 of 10,000").
    public var movedToPosition = "Moved to position {position} of {count}"

    /// ``movedToPosition`` with its placeholders filled in.
    public func movedToPosition(_ position: Int, of count: Int) -> String {
        movedToPosition.replacingOccurrences(of: "{position}", with: position.formatted())
            .replacingOccurrences(of: "{count}", with: count.formatted())
    }

    /// The English texts.
    public init() {}

    /// The texts the widgets show; replace it (or any field) to translate them.
    @MainActor public static var current = WaterfallStrings()
}
