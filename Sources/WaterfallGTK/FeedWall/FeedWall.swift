import CWaterfallGtk
import WaterfallCore
import WaterfallFeed

/// A complete wall over a feed, as one widget: the ``WaterfallView`` of
/// ``WaterfallImageCell``s (placeholder until each image is ready, the price — or title —
/// caption), load-more with its footer, pull-to-refresh (touchpad overscroll, F5, Ctrl+R), the
/// states of an empty wall (a first page that failed: the reason in plain words and Retry; a
/// feed without items: ``Options/emptyState``), the ``ErrorBanner`` with Retry floating over the
/// items when a refresh fails, and a selection callback.
///
/// ```swift
/// let wall = try FeedWall(feedURL: "https://example.com/page/{page}.json")
/// wall.onSelect = { item in print(item.title ?? item.id) }
/// gtk_window_set_child(window, wall.widget)
/// ```
///
/// Items come from a `FeedLoader` (JSON or plist pages, `FolderFeed`, or any
/// `FeedPageProviding`), followed by the same feed model as `WaterfallFeedModel`'s, images
/// from an `ImagePipeline` — the process's ``SharedImagePipeline/pipeline`` (which every
/// `WaterfallImage` loads through too) or one passed in. A failure keeps every item already on
/// screen and says what happened in plain words (``FailureStrings``; the technical text goes
/// to the log and the status page's Details): a later page in the footer beside Retry, a
/// failed refresh in the banner. Retry runs the failed operation again. The wall starts
/// loading at once; its texts come from ``WaterfallStrings/current``.
///
/// Memory stays bounded in a long or endless feed: the wall holds whole only the
/// ``Options/heldItems`` items around the first visible one (and those a refresh inserted);
/// farther items are compacted to a 56-byte slot that keeps their size in the layout, so
/// nothing on screen moves, and their page is fetched again when the reader comes back to them
/// (see ``item(at:)``). The wall's loader keeps only each item's key
/// (`FeedLoader.stopRetainingItems()`), and loading ends at ``Options/maximumItems``: about
/// 200 B per item loaded beyond the held ones. docs/PERFORMANCE.md ("Long feeds") gives the
/// bound and the measured figures.
@MainActor
public final class FeedWall {
    /// Counters of cell binding, for measuring a wall (benchmark tooling, not product API).
    package struct BindCounts: Sendable, Equatable {
        /// Cells bound to an item.
        package var binds = 0
        /// Binds whose image came from the memory cache and showed in the same call.
        package var shownFromCache = 0
    }

    /// The wall's widget (a `GtkOverlay`): put it in a window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The waterfall view: its model, scrolling, refresh and snapshots.
    public let view: WaterfallView<WaterfallImageCell>
    /// The error bar with Retry, for a failed refresh.
    public let banner: ErrorBanner
    /// The data source and delegate (internal for tests).
    let source: FeedWallSource

    /// Builds the wall over `loader` and starts loading. Without a `pipeline` the wall loads
    /// through the process's ``SharedImagePipeline/pipeline``: its memory and disk caches and
    /// its workers are those of every other wall and `WaterfallImage` of the process.
    public init(loader: FeedLoader, pipeline: ImagePipeline<PixbufDecoder>? = nil, options: Options = Options()) {
        let source = FeedWallSource(loader: loader, pipeline: pipeline ?? SharedImagePipeline.pipeline, options: options)
        self.source = source
        view = WaterfallView(dataSource: source, delegate: source)
        source.view = view
        if options.wrapsCaptions { view.selfSizing = source }
        view.model.isLoadMoreEnabled = options.loadsMore
        // Through the property, so that the view's `enable-pull-to-refresh` says so too.
        waterfall_masonry_view_set_enable_pull_to_refresh(view.masonryView, options.refreshes ? 1 : 0)
        // A feed has no end: Tab leaves the wall instead of walking every item.
        view.tabsThroughItems = false
        banner = ErrorBanner { [source] in source.retry() }
        // A group: GTK 4.8 would name a plain overlay "GtkOverlay" for assistive technologies.
        widget = Accessible.widget(ofType: gtk_overlay_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_overlay_set_child(gcast(widget), view.scrolledWindow)
        gtk_overlay_add_overlay(gcast(widget), banner.widget)
        view.emptyState = options.emptyState
            ?? WaterfallStatus(title: WaterfallStrings.current.emptyFeed, iconName: "image-x-generic-symbolic")
        source.onStateChange = { [banner, options, view] state in
            switch state {
            case .failed(let error, let operation):
                Log.message(error.description)
                let sentence = options.errorMessage(error)
                if operation == .refresh {
                    banner.show(sentence)
                    view.announce(sentence)
                } else {
                    // Before the view model hears of it: the footer or status says this reason.
                    view.loadFailure = WaterfallStatus(title: options.failureTitle ?? WaterfallStrings.current.feedFailed,
                                                       description: sentence, iconName: "network-error-symbolic",
                                                       details: error.description)
                }
            case .loading: break
            case .idle, .exhausted: banner.hide()
            }
        }
        source.start()
    }

    /// Builds the wall over the JSON or plist pages at `feedURL`, a URL template whose
    /// `{page}` is the 1-based page number (see `FeedSource`), shaped as `schema` says (a
    /// preset such as `.reddit`, or `FeedSchema(mapping:)`), and starts loading.
    /// - Throws: `FeedError` when the template is not a usable URL.
    public convenience init(feedURL: String, schema: FeedSchema = .standard, pipeline: ImagePipeline<PixbufDecoder>? = nil,
                            options: Options = Options()) throws(FeedError) {
        self.init(loader: try FeedLoader(feedURL: feedURL, schema: schema), pipeline: pipeline, options: options)
    }

    /// Where the items come from.
    public var loader: FeedLoader { source.feed.loader }
    /// Where the images come from.
    public var pipeline: ImagePipeline<PixbufDecoder> { source.pipeline }
    /// The number of items on the wall, held whole or compacted.
    public var itemCount: Int { source.itemCount }
    /// The item at `index` in display order; `nil` while it is compacted (farther than half of
    /// ``Options/heldItems`` from the first visible item) or when `index` is out of range.
    /// - Complexity: O(1).
    public func item(at index: Int) -> FeedItem? { source.item(at: index) }
    /// Cells the wall created so far (the rest were reused).
    public var cellsCreated: Int { source.cells.created }
    /// How often cells were bound, and how often their image was ready at once.
    package var bindCounts: BindCounts { source.bindCounts }
    /// Items laid out at an estimated size because the feed gave none (each is corrected when
    /// its image header arrives).
    public var itemsEstimated: Int { source.feed.estimatedCount }

    /// Called when the user selects an item (click, Enter or space).
    public var onSelect: (@MainActor (FeedItem) -> Void)? {
        get { source.onSelect }
        set { source.onSelect = newValue }
    }

    /// Whether every visible cell shows its image or its error placeholder, at least one cell
    /// is visible and no size correction is pending or animating — the moment to take a
    /// snapshot; also when the wall is empty and shows its status.
    /// - Complexity: O(k) for k visible cells.
    public var visibleImagesReady: Bool {
        if view.isShowingStatus { return true }
        let visible = view.model.visibleIndices
        guard !view.model.hasPendingSizeChanges, !view.isAnimatingTransition else { return false }
        return !visible.isEmpty && visible.allSatisfy { index in
            view.model.cell(at: index).map { $0.hasImage || $0.showsError } ?? false
        }
    }

    /// Runs the failed operation again, as the banner's Retry does; nothing when nothing failed.
    public func retry() {
        source.retry()
    }

    /// Loads every page one after the other, then calls `body` — also after a failure (the
    /// wall keeps what it has). Meant for walls made with ``Options/loadsMore`` off, to measure
    /// scrolling over a whole feed.
    public func loadAll(then body: @escaping @MainActor () -> Void) {
        source.loadAll(then: body)
    }
}
