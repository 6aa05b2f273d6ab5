import WaterfallCore
import WaterfallFeed

/// Keeps the wall in step with its `FeedLoader`: every event is applied in order, items are put
/// into the view when the operation that brought them ends — appended pages through the view
/// model's load-more state machine, refreshed ones inserted at index 0 by a batch update (which
/// keeps the reader's place) — and a failure leaves every item in place.
extension FeedWallSource {
    /// Subscribes to the loader; the view model's load-more then asks for the first page.
    func start() {
        listenForImageSizes()
        // The wall keeps its own items (and lets go of the far ones); the loader need not.
        let subscription = Task { [loader] in
            await loader.stopRetainingItems()
            return await loader.observe().events
        }
        self.subscription = subscription
        Task { [weak self] in
            for await event in await subscription.value {
                guard let self else { return }
                self.apply(event)
            }
        }
    }

    /// Runs `action` on the loader once the wall is subscribed, so no event is missed.
    func send(_ action: @escaping @Sendable (FeedLoader) async -> Void) {
        Task { [subscription, loader] in
            _ = await subscription?.value
            await action(loader)
        }
    }

    /// Loads every page one after the other, then calls `body` (also after a failure: the
    /// wall keeps what it has).
    func loadAll(then body: @escaping @MainActor () -> Void) {
        allLoaded = body
        send { loader in
            while await loader.state == .idle {
                await loader.loadMore()
            }
        }
    }

    /// Runs the failed operation again (the error banner's Retry). A failed page goes through the
    /// view model, which asks for it again; a failed refresh is retried directly.
    func retry() {
        guard case .failed(_, let failed) = loaderState else { return }
        if failed == .nextPage, let model = view?.model, model.loadMoreState == .failed {
            model.retryLoadingMore()
        } else {
            send { await $0.retry() }
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
        switch loaderState {
        case .exhausted:
            model.endLoadingMore(appending: 0, hasMore: false)
        case .failed(_, .nextPage):
            send { await $0.retry() }
        case .failed(_, .refresh):
            // The banner's Retry runs the refresh first; load-more resumes after it.
            model.failLoadingMore()
        case .idle, .loading:
            send { await $0.loadMore() }
        }
    }

    private func apply(_ event: FeedLoader.Event) {
        switch event {
        case .appended(let items):
            pendingAppend += items
        case .prepended(let items):
            pendingPrepend = items + pendingPrepend
        case .stateChanged(let state):
            loaderState = state
            // First, so that the wall's reason for a failure is set before the view model fails.
            onStateChange?(state)
            if case .loading(let running) = state {
                operation = running
            } else {
                settle(state)
            }
            onStateApplied?(state)
        }
    }

    /// The running operation ended in `state`: shows its items and tells the view model.
    private func settle(_ state: FeedLoader.State) {
        let prepended = pendingPrepend, appended = pendingAppend
        pendingPrepend = []
        pendingAppend = []
        // Appended first: their ordinals count from the current first item.
        noteSizes(of: appended, prepended: false)
        noteSizes(of: prepended, prepended: true)
        guard let model = view?.model else {
            add(prepended, prepended: true)
            add(appended, prepended: false)
            return
        }
        if !prepended.isEmpty {
            add(prepended, prepended: true)
            model.performBatchUpdates([.insert(0..<prepended.count)])
        }
        let end = itemCount
        add(appended, prepended: false)
        if operation == .nextPage, model.loadMoreState == .loading {
            finishLoadingMore(model, appended: appended.count, state: state)
        } else if !appended.isEmpty {
            model.performBatchUpdates([.insert(end..<end + appended.count)])
        }
        if operation == .refresh {
            model.endRefreshing()
            if state == .idle, model.loadMoreState == .failed { model.retryLoadingMore() }
        }
        compactFarItems()
        if state != .idle, let allLoaded {
            self.allLoaded = nil
            allLoaded()
        }
    }

    private func finishLoadingMore(_ model: WaterfallViewModel<Cell>, appended: Int, state: FeedLoader.State) {
        switch state {
        case .failed:
            model.failLoadingMore()
        case .idle where appended == 0:
            // Every item of that page was a duplicate or unusable: ask for the next one.
            send { await $0.loadMore() }
        case .idle, .exhausted, .loading:
            model.endLoadingMore(appending: appended, hasMore: state != .exhausted)
        }
    }
}
