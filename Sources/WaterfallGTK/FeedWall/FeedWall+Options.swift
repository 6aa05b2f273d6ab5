import WaterfallCore
import WaterfallFeed

extension FeedWall {
    /// How a ``FeedWall`` lays out and labels its items; every field has a default.
    public struct Options {
        /// The columns for a viewport this wide (asked on every resize). Default: adaptive
        /// columns at least 180 px wide, which the layout resolves itself.
        public var columns: @MainActor (_ viewportWidth: Double) -> ColumnCount
        /// The caption strip's text for an item (`nil`: no text). Default: its price, else its
        /// title.
        public var caption: @MainActor (FeedItem) -> String?
        /// What a failure says, in the footer, the status page or the banner. Default: the plain
        /// sentence of ``WaterfallStrings/failures`` (the technical description goes to the log
        /// and to the status page's Details).
        public var errorMessage: @MainActor (FeedError) -> String
        /// Whether scrolling near the end loads the next page (default `true`); off, call
        /// ``FeedWall/loadAll(then:)``.
        public var loadsMore: Bool
        /// Whether pull-to-refresh, F5 and Ctrl+R refresh the feed (default `true`).
        public var refreshes: Bool
        /// Whether the caption is wrapped under each image over as many lines as it needs (the
        /// Pinterest look) instead of a one-line strip across it (default `false`). The cells
        /// are then self-sizing: image height + measured caption height (see
        /// ``WaterfallSelfSizing``).
        public var wrapsCaptions: Bool
        /// What the wall says while its feed has ended without a single item (default `nil`:
        /// ``WaterfallStrings/emptyFeed`` with an image icon), e.g. "No images" with the folder
        /// as its description; see ``WaterfallView/emptyState``.
        public var emptyState: WaterfallStatus?
        /// The title of the status page when the first page failed (default `nil`:
        /// ``WaterfallStrings/feedFailed``), e.g. "The shop could not be loaded".
        public var failureTitle: String?

        /// Creates options; see each field for its default.
        public init(columns: @escaping @MainActor (_ viewportWidth: Double) -> ColumnCount = { _ in .adaptive(minimumWidth: 180) },
                    caption: @escaping @MainActor (FeedItem) -> String? = { $0.price ?? $0.title },
                    errorMessage: @escaping @MainActor (FeedError) -> String = { WaterfallStrings.current.failures.sentence(for: $0) },
                    loadsMore: Bool = true, refreshes: Bool = true, wrapsCaptions: Bool = false,
                    emptyState: WaterfallStatus? = nil, failureTitle: String? = nil) {
            self.columns = columns
            self.caption = caption
            self.errorMessage = errorMessage
            self.loadsMore = loadsMore
            self.refreshes = refreshes
            self.wrapsCaptions = wrapsCaptions
            self.emptyState = emptyState
            self.failureTitle = failureTitle
        }
    }
}
