import WaterfallCore
import WaterfallFeed

/// Keeps the wall in step with its ``FeedModel`` (the one home of the feed's state): each
/// finished operation's items go into the view — appended pages through the view model's
/// load-more state machine, refreshed ones inserted at index 0 by a batch update (which keeps
/// the reader's place) — and a failure leaves every item in place.
extension FeedWallSource {
    /// Subscribes to the feed; the view model's load-more then asks for the first page.
    func start() {
        feed.onInsert = { [weak self] insertion in self?.insert(insertion) }
        feed.onStatusChange = { [weak self] _ in self?.stateChanged() }
        feed.onResize = { [weak self] resize in self?.resized(resize) }
        feed.compactingList = self
        feed.start()
    }

    /// Loads every page one after the other, then calls `body` (also after a failure: the
    /// wall keeps what it has).
    func loadAll(then body: @escaping @MainActor () -> Void) {
        allLoaded = body
        feed.send { loader in
            while await loader.state == .idle {
                await loader.loadMore()
            }
        }
    }

    /// Runs the failed operation again (the error banner's Retry). A failed page goes through the
    /// view model, which asks for it again; a failed refresh is retried directly.
    func retry() {
        guard case .failed(_, let failed) = feed.loaderState else { return }
        if failed == .nextPage, let model = view?.model, model.loadMoreState == .failed {
            model.retryLoadingMore()
        } else {
            feed.retry()
        }
    }

    /// The view model asked for a page (it is now `.loading`); at ``FeedWall/Options/maximumItems``
    /// the wall ends as at the end of the feed.
    func requestMore() {
        guard let model = view?.model else { return }
        if itemCount >= options.maximumItems {
            model.endLoadingMore(appending: 0, hasMore: false)
            return
        }
        switch feed.loaderState {
        case .exhausted:
            model.endLoadingMore(appending: 0, hasMore: false)
        case .failed(_, .refresh):
            // The banner's Retry runs the refresh first; load-more resumes after it.
            model.failLoadingMore()
        case .idle, .loading, .failed(_, .nextPage):
            feed.loadMore()
        }
    }

    /// A finished operation's items: held at once; a refresh's shown at index 0, a page's at
    /// the end — through the view model's load-more when it asked for them (see
    /// ``stateChanged()``).
    private func insert(_ insertion: FeedModel.Insertion) {
        let items = insertion.items
        let end = itemCount
        add(insertion)
        guard let model = view?.model else { return }
        if insertion.atTop {
            model.performBatchUpdates([.insert(0..<items.count)])
        } else if feed.operation == .nextPage, model.loadMoreState == .loading {
            settledAppends += items.count
        } else {
            model.performBatchUpdates([.insert(end..<end + items.count)])
        }
    }

    /// The feed's state changed, the items it brought inserted: the wall says why it failed,
    /// then the view model hears how the operation ended.
    private func stateChanged() {
        let state = feed.loaderState
        // First, so that the wall's reason for a failure is set before the view model fails.
        onStateChange?(state)
        if case .loading = state {
            onStateApplied?()
            return
        }
        let appended = settledAppends
        settledAppends = 0
        if let model = view?.model {
            if feed.operation == .nextPage, model.loadMoreState == .loading {
                finishLoadingMore(model, appended: appended, state: state)
            }
            if feed.operation == .refresh {
                model.endRefreshing()
                if state == .idle, model.loadMoreState == .failed { model.retryLoadingMore() }
            }
        }
        compactFarItems()
        if state != .idle, let allLoaded {
            self.allLoaded = nil
            allLoaded()
        }
        onStateApplied?()
    }

    private func finishLoadingMore(_ model: WaterfallViewModel<Cell>, appended: Int, state: FeedLoader.State) {
        switch state {
        case .failed:
            model.failLoadingMore()
        case .idle where appended == 0:
            // Every item of that page was a duplicate or unusable: the feed asks for the next one.
            break
        case .idle, .exhausted, .loading:
            model.endLoadingMore(appending: appended, hasMore: state != .exhausted)
        }
    }
}
