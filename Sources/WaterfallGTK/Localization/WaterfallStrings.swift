/// Every piece of text the Waterfall widgets show, translated through gettext.
///
/// Each field reads the translation of its English text from Waterfall's catalogs (text domain
/// `waterfall`, see ``Translation``; Traditional Chinese and Hebrew ship with it) for the
/// locale the process runs in. An app replaces any text by assigning it, before or after it
/// creates its views; the replacement is shown as it is:
///
/// ```swift
/// WaterfallStrings.current.loadingMore = "Fetching…"
/// WaterfallStrings.current.newItems = PluralText("{count} new photo", "{count} new photos", domain: "myapp")
/// ```
///
/// Texts with placeholders (`{count}`, `{host}`, …) have them replaced when shown; a
/// replacement keeps the same placeholders. Views read ``current`` each time they show a
/// footer, a header, a status or an announcement; image cells when they are created.
public struct WaterfallStrings: Sendable, Equatable {
    /// The load-more footer while a page loads.
    @Localized("Loading more…") public var loadingMore: String
    /// The load-more footer after a page failed, when the app gave no reason
    /// (``WaterfallView/loadFailure``); the footer's Retry button tries again.
    @Localized("Could not load more.") public var loadMoreFailed: String
    /// Added to the failed footer when scrolling on would try again (there is room to scroll).
    @Localized("Scroll down to try again.") public var scrollToRetry: String
    /// The refresh header while refreshing.
    @Localized("Refreshing…") public var refreshing: String
    /// An image cell whose image failed to load or decode.
    @Localized("⚠\nImage unavailable") public var imageUnavailable: String
    /// The title of a feed wall's status when its feed ended without a single item
    /// (``FeedWall/Options/emptyState`` replaces it for one wall).
    @Localized("This feed has no items") public var emptyFeed: String
    /// The title of a feed wall's status when its first page failed (the reason is said below
    /// it; ``FeedWall/Options/failureTitle`` replaces it for one wall).
    @Localized("The feed could not be loaded") public var feedFailed: String
    /// Retry buttons (with `_` before their mnemonic letter).
    @Localized("_Retry") public var retry: String
    /// The disclosure that shows a failure's technical text.
    @Localized("Details") public var details: String

    /// What the wall is called before its count, until the app names it
    /// (``WaterfallView/accessibleName``).
    @Localized("Items") public var defaultAccessibleName: String
    /// The wall's accessible label: `{name}` is its name, `{items}` the ``items`` text
    /// ("Shop wall, 10,000 items").
    @Localized("{name}, {items}") public var wallLabel: String
    /// A cell's accessible description: `{position}` and `{count}` are the 1-based position
    /// and the item count ("item 12 of 10,000").
    @Localized("item {position} of {count}") public var itemPosition: String
    /// An item count ("1 item", "1,000 items").
    public var items = PluralText("{count} item", "{count} items")
    /// Announced after a page loaded ("50 more items").
    public var moreItems = PluralText("{count} more item", "{count} more items")
    /// The new-items pill and the refresh announcement ("1 new item", "12 new items").
    public var newItems = PluralText("{count} new item", "{count} new items")
    /// Announced after a batch update removed items ("1 item removed").
    public var itemsRemoved = PluralText("{count} item removed", "{count} items removed")
    /// What joins the parts of an announcement ("3 new items, 23 items").
    @Localized(", ") public var listSeparator: String
    /// Announced when the last page arrived: `{items}` is the ``items`` text.
    @Localized("End of the feed, {items}") public var endOfFeed: String
    /// Announced after a refresh that brought nothing new.
    @Localized("No new items") public var noNewItems: String
    /// The new-items pill's tooltip and accessible description.
    @Localized("Scroll up to the new items") public var scrollToNewItems: String
    /// The name of the wall's status node before the first announcement.
    @Localized("Ready") public var ready: String
    /// Announced after an item moved (a drop, or the keyboard's move): `{position}` and
    /// `{count}` are the 1-based position and the item count ("Moved to position 12 of 10,000").
    @Localized("Moved to position {position} of {count}") public var movedToPosition: String

    /// What went wrong, in plain words, for each kind of failure.
    public var failures = FailureStrings()

    /// ``movedToPosition`` with its placeholders filled in.
    public func movedToPosition(_ position: Int, of count: Int) -> String {
        let integers = IntegerText()
        return Self.fill(movedToPosition, ["position": integers(position), "count": integers(count)])
    }

    /// ``itemPosition`` with its placeholders filled in.
    public func itemPosition(_ position: Int, of count: Int) -> String {
        let integers = IntegerText()
        return Self.fill(itemPosition, ["position": integers(position), "count": integers(count)])
    }

    /// The texts in the current locale.
    public init() {}

    /// The texts the widgets show; replace it (or any field) to change them.
    @MainActor public static var current = WaterfallStrings()

    /// `template` with each `{name}` of `values` replaced by its value (one pass, so a value
    /// that contains braces is left as it is).
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = "", rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
