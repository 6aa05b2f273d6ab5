import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// Says `message` to assistive technologies (a screen reader speaks it without moving the
    /// focus), e.g. "Sorted by price" after the app re-sorts the wall. The view announces
    /// loading, the end of the feed, failed pages, refresh results and batch updates itself.
    ///
    /// GTK 4.14 and later announce it (`gtk_accessible_announce`). GTK 4.8 has no announcement
    /// API: the message becomes the name of the wall's status node, which rejoins the
    /// accessibility tree with it (AT-SPI `children-changed:add` of a "status bar"); see the
    /// README's accessibility section for what screen readers make of that.
    public func announce(_ message: String) {
        chrome.announcer.announce(message, for: widget)
    }

    /// The message last given to ``announce(_:)`` (by the app or the view), or `nil`.
    public var lastAnnouncement: String? { chrome.announcer.lastMessage }

    /// Announces a load-more change: "Loading more…", "50 more items", "End of the feed,
    /// 1,000 items", or the failure.
    func announceLoadMore(_ state: LoadMoreState, previous: LoadMoreState) {
        let count = model.numberOfItems
        switch state {
        case .loading:
            paging.itemsBeforeLoading = count
            // A list model's request ends when the `load-more` handlers return, whether or not
            // the app loads anything: its items-changed is announced instead.
            if !showsItemsOfAListModel { announce(WaterfallStrings.current.loadingMore) }
        case .failed:
            announce(loadFailure?.description ?? WaterfallStrings.current.loadMoreFailed)
        case .idle where previous == .loading && count > paging.itemsBeforeLoading:
            announce(WaterfallStrings.current.moreItems(count - paging.itemsBeforeLoading))
        case .exhausted where previous == .loading:
            let strings = WaterfallStrings.current
            announce(WaterfallStrings.fill(strings.endOfFeed, ["items": strings.items(count)]))
        case .idle, .exhausted:
            break
        }
    }

    /// Announces a refresh: "Refreshing…", then "12 new items" (or "No new items").
    func announceRefresh(_ state: RefreshState) {
        switch state {
        case .refreshing:
            paging.itemsBeforeRefresh = model.numberOfItems
            announce(WaterfallStrings.current.refreshing)
        case .done:
            let added = model.numberOfItems - paging.itemsBeforeRefresh
            announce(added > 0 ? WaterfallStrings.current.newItems(added) : WaterfallStrings.current.noNewItems)
        case .idle:
            break
        }
    }

    /// Announces what a batch update through ``performBatchUpdates(_:animated:)`` did: "1 item
    /// removed, 19 items", "3 new items, 23 items".
    func announceBatchUpdate(_ updates: [ItemUpdate]) {
        var inserted = 0, deleted = 0
        for update in updates {
            switch update {
            case .insert(let range): inserted += range.count
            case .delete(let range): deleted += range.count
            case .move, .reload: break
            }
        }
        let strings = WaterfallStrings.current
        var parts: [String] = []
        if inserted > 0 { parts.append(strings.newItems(inserted)) }
        if deleted > 0 { parts.append(strings.itemsRemoved(deleted)) }
        guard !parts.isEmpty else { return }
        announce((parts + [strings.items(model.numberOfItems)]).joined(separator: strings.listSeparator))
    }
}
