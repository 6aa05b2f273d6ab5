import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// What the wall says, centred, while it has no items and nothing more will load (the
    /// feed ended, or load-more is off): a title, a description and an icon name, kept in the
    /// widget's `empty-title`, `empty-description` and `empty-icon-name` properties (an empty
    /// wall shows no ``WaterfallStatus/details``). `nil` (the default) says nothing.
    public var emptyState: WaterfallStatus? {
        get {
            waterfall_masonry_view_get_empty_title(masonryView).map { title in
                WaterfallStatus(title: String(cString: title),
                                description: waterfall_masonry_view_get_empty_description(masonryView).map { String(cString: $0) },
                                iconName: waterfall_masonry_view_get_empty_icon_name(masonryView).map { String(cString: $0) })
            }
        }
        set {
            waterfall_masonry_view_set_empty_description(masonryView, newValue?.description)
            waterfall_masonry_view_set_empty_icon_name(masonryView, newValue?.iconName)
            waterfall_masonry_view_set_empty_title(masonryView, newValue?.title)
        }
    }

    /// Shows one state at a time:
    /// - no items and the page failed: the centred status (``loadFailure``) with Retry, no footer;
    /// - no items and nothing more will load (or an empty list model, unless it shows a
    ///   `WaterfallFeedModel` with more pages to come): the ``emptyState``, if the app set one;
    /// - otherwise the footer: a spinner while a page loads, the reason and Retry after a
    ///   failure (with "scroll down to try again" only when there is room to scroll on).
    /// - Complexity: O(1); GTK is only told what changed.
    func updateStatus() {
        guard chrome.statusPage != nil else { return }
        let strings = WaterfallStrings.current
        let isEmpty = model.numberOfItems == 0
        if isEmpty, paging.loadMoreState == .failed {
            chrome.footer.hide()
            chrome.statusPage.show(loadFailure ?? WaterfallStatus(title: strings.feedFailed, description: strings.loadMoreFailed,
                                                           iconName: "network-error-symbolic"), retry: true)
        } else if isEmpty, let emptyState, paging.loadMoreState == .exhausted || !model.isLoadMoreEnabled || showsItemsOfAListModel && !followsFeedModel {
            chrome.footer.hide()
            chrome.statusPage.show(emptyState, retry: false)
        } else {
            chrome.statusPage.show(nil, retry: false)
            switch paging.loadMoreState {
            case .loading:
                chrome.footer.show(strings.loadingMore, spinning: true)
            case .failed:
                // Scrolling forward retries (+Scrolling), which needs room to scroll.
                let canScroll = contentOffset < maximumContentOffset - 1
                let reason = loadFailure?.description ?? strings.loadMoreFailed
                chrome.footer.show(canScroll ? reason + " " + strings.scrollToRetry : reason, spinning: false, retry: true)
            case .idle, .exhausted:
                chrome.footer.hide()
            }
        }
        gtk_widget_queue_allocate(widget)
    }

    /// Whether the items come from a `GListModel` (the list-model path): the app owns them, so
    /// an empty model is an empty wall whatever load-more does.
    var showsItemsOfAListModel: Bool { model.selection is WaterfallListModelSource }

    /// Whether the items come from a `WaterfallFeedModel` (the list-model path over a feed): its
    /// empty state waits for the feed's end, as a data source's does.
    var followsFeedModel: Bool { (model.selection as? WaterfallListModelSource)?.feedModel != nil }

    /// Whether the centred status page is showing (an empty wall's state, or a first page that
    /// failed).
    public var isShowingStatus: Bool { chrome.statusPage.isVisible }

    /// The status the centred page shows, or `nil` while it is hidden.
    public var shownStatus: WaterfallStatus? { chrome.statusPage.isVisible ? chrome.statusPage.status : nil }

    /// Whether Retry is offered, on the status page or in the footer.
    public var offersRetry: Bool { chrome.statusPage.offersRetry || chrome.footer.offersRetry }

    /// The footer's text while it shows, or `nil`.
    public var footerText: String? { chrome.footer.isVisible ? chrome.footer.text : nil }
}
