import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

/// A list-model wall over a `WaterfallFeedModel` shows the feed's state, as ``FeedWall`` does:
/// the selection model is the feed model or wraps it (through the `model` property of
/// `GtkSingleSelection`, `GtkMultiSelection`, `GtkNoSelection`, `GtkFilterListModel`,
/// `GtkSortListModel`, `GtkSliceListModel`, `GtkMapListModel`… at most
/// `feedModelSearchDepth` wrappers deep), and the source follows its `loading`:
///
/// - a page the `load-more` handlers started (`load_more()`) keeps the footer's spinner until
///   the feed stops loading; then a failure (`error-message`) is the footer's reason and Retry
///   (the status page's, on an empty wall), else the page ends with the feed's `has-more`;
/// - a refresh the `refresh` handlers started keeps the pull header until the feed stops
///   loading; a failed refresh keeps the items and is announced (`onRefreshFailure`);
/// - an empty feed shows the view's empty state only once it has no more pages.
///
/// The source holds a reference to the feed model and to each wrapper on the way, and follows
/// the wrappers' `notify::model`; it lets go of them when the view's model changes, when the
/// view is disposed and when the source goes away.
extension WaterfallListModelSource {
    /// How many `model` properties the source follows from the selection model to a
    /// `WaterfallFeedModel`.
    static var feedModelSearchDepth: Int { 8 }

    /// What the source follows of a `WaterfallFeedModel`.
    struct FeedFollowing {
        /// The feed model (a reference), while the selection model shows one.
        var model: GObjectRef<OpaquePointer>?
        /// The feed model's `notify::loading` handler.
        var loadingHandler: UInt = 0
        /// The wrappers from the selection model to the feed model (references) and their
        /// `notify::model` handlers.
        var links: [(object: GObjectRef<OpaquePointer>, handler: UInt)] = []
        /// Whether the view model's load-more waits for the feed to stop loading.
        var awaitsPage = false
        /// Whether the refresh waits for the feed to stop loading.
        var awaitsRefresh = false
    }

    /// The `WaterfallFeedModel` the view's selection model is or wraps, `nil` when none.
    var feedModel: OpaquePointer? { feed.model?.pointer }

    /// Follows the feed model the selection model is or wraps, if any, after letting go of the
    /// one followed so far: when the view's model changes, and when a wrapper's `model` does.
    func followFeedModel() {
        stopFollowingFeedModel()
        var object = selectionModel
        for _ in 0..<Self.feedModelSearchDepth {
            guard let current = object else { return }
            if g_type_check_instance_is_a(current.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                          waterfall_feed_model_get_type()) != 0 {
                feed.model = GObjectRef(sinking: current)
                feed.loadingHandler = Signal.connect(current, "notify::loading") { [weak self] in self?.feedLoadingChanged() }
                return
            }
            let handler = Signal.connect(current, "notify::model") { [weak self] in self?.wrappedModelChanged() }
            feed.links.append((GObjectRef(sinking: current), handler))
            object = wf_list_model_get_wrapped(current.gpointer.assumingMemoryBound(to: GObject.self)).map(gcast)
        }
    }

    /// Disconnects from the feed model and the wrappers and drops their references; a page or
    /// refresh waiting for the feed is no longer waited for.
    func stopFollowingFeedModel() {
        if let model = feed.model { Signal.disconnect(model.pointer, feed.loadingHandler) }
        for link in feed.links { Signal.disconnect(link.object.pointer, link.handler) }
        feed = FeedFollowing()
    }

    /// A wrapper on the way to the feed model shows another model (its `items-changed` brings
    /// the new items): the source follows the new one's feed model, if any, and a page or
    /// refresh that waited for the old feed ends.
    private func wrappedModelChanged() {
        let waited = feed
        followFeedModel()
        guard waited.model?.pointer != feedModel, let model = view?.model else { return }
        if waited.awaitsRefresh { model.endRefreshing() }
        if waited.awaitsPage { model.endLoadingMore(appending: 0, hasMore: true) }
    }

    /// The `load-more` handlers have run: a page the feed loads ends when it stops loading;
    /// otherwise at once, with the feed's `has-more` (more, without a feed).
    func requestedMore(_ waterfallView: WaterfallViewModel<WaterfallItemCell>) {
        guard let feedModel else { return waterfallView.endLoadingMore(appending: 0, hasMore: true) }
        if waterfall_feed_model_get_loading(feedModel) != 0 {
            feed.awaitsPage = true
        } else {
            waterfallView.endLoadingMore(appending: 0, hasMore: waterfall_feed_model_get_has_more(feedModel) != 0)
        }
    }

    /// The `refresh` handlers have run: a refresh the feed loads ends when it stops loading;
    /// otherwise at once.
    func requestedRefresh(_ waterfallView: WaterfallViewModel<WaterfallItemCell>) {
        if let feedModel, waterfall_feed_model_get_loading(feedModel) != 0 {
            feed.awaitsRefresh = true
        } else {
            waterfallView.endRefreshing()
        }
    }

    /// The feed's `loading` changed: when it stopped, the refresh and the page waiting for it
    /// end as the feed did (its items came through `items-changed` already); a refresh that
    /// worked resumes a failed load-more, as ``FeedWall``'s does.
    private func feedLoadingChanged() {
        guard let feedModel, waterfall_feed_model_get_loading(feedModel) == 0, let view else { return }
        let message = waterfall_feed_model_get_error_message(feedModel).map { String(cString: $0) }
        if feed.awaitsRefresh {
            feed.awaitsRefresh = false
            view.model.endRefreshing()
            if let message { refreshFailed(message) }
        }
        if feed.awaitsPage {
            feed.awaitsPage = false
            if let message {
                // Before the view model hears of it: the footer or status page says this reason.
                let title = feedFailureTitle ?? WaterfallStrings.current.feedFailed
                view.loadFailure = WaterfallStatus(title: title, description: message, iconName: "network-error-symbolic")
                view.model.failLoadingMore()
            } else {
                view.model.endLoadingMore(appending: 0, hasMore: waterfall_feed_model_get_has_more(feedModel) != 0)
            }
        } else if message == nil, view.model.loadMoreState == .failed {
            view.model.retryLoadingMore()
        }
    }

    /// A refresh failed, the items kept: ``onRefreshFailure`` hears why, else assistive
    /// technologies do.
    private func refreshFailed(_ message: String) {
        if let onRefreshFailure {
            onRefreshFailure(message)
        } else {
            view?.announce(message)
        }
    }
}
