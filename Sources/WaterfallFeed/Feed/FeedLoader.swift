import FoundationEssentials

/// Loads a feed page by page for a UI: the first page, more pages at the end one at a time,
/// fresh items on refresh, with retries and an error state that never loses loaded items.
///
/// Concurrent calls coalesce: while a page is loading, another `loadMore()` waits for that same
/// load instead of starting a second one, and a `refresh()` during a refresh joins it. Calls of
/// different kinds run one after the other.
///
/// Paging ends when the provider says so, and also when a page's next cursor is one already
/// loaded or a later page brings nothing but items already loaded, so a server that repeats a
/// cursor or ignores it cannot make the loader run forever.
///
/// Transient failures (`FeedError.isRetriedAutomatically`: not a missed deadline) are retried
/// with `retryPolicy`'s backoff; when
/// the attempts run out, or on a permanent failure (malformed page, 4xx), the state becomes
/// `.failed` and `loadMore()` does nothing until `retry()` (or `refresh()`) is called.
///
/// A UI calls `observe()` once, shows the returned items and applies each `Event` in order.
public actor FeedLoader {
    /// What the loader is fetching.
    public enum Operation: Sendable, Hashable {
        /// The next page at the end (the first page when nothing is loaded yet).
        case nextPage
        /// Page 1 again, for new items at the top.
        case refresh
    }

    /// The loader's state, for a footer, a spinner or an error banner.
    public enum State: Sendable, Hashable {
        /// Nothing is loading and more pages may follow.
        case idle
        /// An operation is in progress (including its retries).
        case loading(Operation)
        /// The last operation failed; `retry()` runs it again. Loaded items are kept.
        case failed(FeedError, during: Operation)
        /// The feed has no more pages (refresh is still possible).
        case exhausted
    }

    /// A change to the item list or state, delivered in the order it happened.
    public enum Event: Sendable, Hashable {
        /// The state changed.
        case stateChanged(State)
        /// Items were added at the end of the list.
        case appended([FeedItem])
        /// Items were inserted at the start of the list, in this order.
        case prepended([FeedItem])
    }

    /// Counters for diagnostics (`--scroll-test` figures).
    public struct Statistics: Sendable, Hashable {
        /// Pages fetched and decoded successfully (refreshes included).
        public var pagesLoaded = 0
        /// Failed fetch attempts, retried or surfaced.
        public var failedAttempts = 0
        /// Failures surfaced as `.failed`.
        public var errorsShown = 0
        /// Items dropped because they had no usable image URL (see `FeedPage.droppedItemCount`).
        public var droppedItems = 0
        /// Items loaded without a valid pixel size (laid out at an estimate by a view).
        public var itemsWithoutSize = 0
        /// Times paging stopped because a page led back to a page already loaded, or brought
        /// only items already loaded (a server that ignores its cursor).
        public var repeatedPages = 0
        /// Items dropped because an item with the same `deduplicationKey` was already loaded.
        public var duplicateItems = 0
    }

    /// Where pages come from.
    public let provider: any FeedPageProviding
    /// How transient failures are retried.
    public let retryPolicy: RetryPolicy
    /// The loaded items, without duplicates, in display order.
    public private(set) var items: [FeedItem] = []
    /// The current state.
    public private(set) var state: State = .idle
    /// Counters for diagnostics.
    public private(set) var statistics = Statistics()

    private var keys: Set<String> = []
    private var hasLoadedFirstPage = false
    private var nextCursor: FeedCursor?
    private var loadedCursors: Set<FeedCursor> = []
    private var inFlight: (operation: Operation, cursor: FeedCursor, task: Task<Void, Never>)?
    private var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
    private var nextSubscriberID = 0
    private var random = SystemRandomNumberGenerator()

    /// Creates a loader over any page provider.
    public init(provider: any FeedPageProviding, retryPolicy: RetryPolicy = .default) {
        self.provider = provider
        self.retryPolicy = retryPolicy
    }

    /// Creates a loader for a feed URL template (see `FeedSource`) whose pages are shaped as
    /// `schema` says.
    ///
    /// - Throws: `FeedError.invalidURL` when the template is not a valid URL.
    public init(feedURL template: String, schema: FeedSchema = .standard,
                dataLoader: any DataLoading = SoupDataLoader.shared,
                retryPolicy: RetryPolicy = .default) throws(FeedError) {
        let source = try FeedSource(template: template)
        self.init(provider: HTTPFeed(source: source, schema: schema, dataLoader: dataLoader), retryPolicy: retryPolicy)
    }

    /// The current items and state together with a stream of every later change, so nothing
    /// falls between reading the snapshot and subscribing. The stream ends when the caller
    /// stops iterating it.
    public func observe() -> (items: [FeedItem], state: State, events: AsyncStream<Event>) {
        let id = nextSubscriberID
        nextSubscriberID += 1
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeSubscriber(id) }
        }
        subscribers[id] = continuation
        return (items, state, stream)
    }

    /// Loads the next page (the first page when nothing is loaded yet) and returns when it is
    /// applied. Does nothing when the feed is exhausted or the state is `.failed`.
    public func loadMore() async {
        await run(.nextPage, retrying: false)
    }

    /// Fetches page 1 again and inserts its new items at the top; items already loaded (same
    /// `deduplicationKey`) are dropped. Before the first page has loaded it loads the first page.
    public func refresh() async {
        await run(.refresh, retrying: false)
    }

    /// Runs the failed operation again; does nothing unless the state is `.failed`.
    public func retry() async {
        guard case .failed(_, let operation) = state else { return }
        await run(operation, retrying: true)
    }

    /// Cancels the load in progress, if any; its result is discarded and the state returns to
    /// `.idle` (or `.exhausted`). Callers waiting for it return.
    public func cancel() {
        inFlight?.task.cancel()
    }

    private func run(_ operation: Operation, retrying: Bool) async {
        while true {
            if let flight = inFlight {
                await flight.task.value
                let coalesced = flight.operation == operation || (operation == .refresh && flight.cursor == .page(1))
                if coalesced { return }
                continue
            }
            let cursor: FeedCursor
            switch operation {
            case .refresh:
                cursor = .page(1)
            case .nextPage:
                if case .failed = state, !retrying { return }
                if !hasLoadedFirstPage {
                    cursor = .page(1)
                } else if let next = nextCursor {
                    cursor = next
                } else {
                    return
                }
            }
            let task = Task { await perform(operation, cursor: cursor) }
            inFlight = (operation, cursor, task)
            await task.value
            return
        }
    }

    private func perform(_ operation: Operation, cursor: FeedCursor) async {
        setState(.loading(operation))
        do {
            let page = try await fetchWithRetry(cursor)
            apply(page, from: cursor, replacingTop: operation == .refresh && hasLoadedFirstPage)
            setState(restingState)
        } catch where error.isCancellation {
            setState(restingState)
        } catch {
            statistics.errorsShown += 1
            setState(.failed(error, during: operation))
        }
        inFlight = nil
    }

    private var restingState: State {
        hasLoadedFirstPage && nextCursor == nil ? .exhausted : .idle
    }

    /// - Complexity: O(*p*) for a page of *p* items when appending; O(*n* + *p*) when
    ///   prepending to *n* loaded items.
    private func apply(_ page: FeedPage, from cursor: FeedCursor, replacingTop: Bool) {
        let fresh = page.items.filter { keys.insert($0.deduplicationKey).inserted }
        statistics.pagesLoaded += 1
        statistics.droppedItems += page.droppedItemCount
        statistics.duplicateItems += page.items.count - fresh.count
        statistics.itemsWithoutSize += fresh.count { !$0.hasValidPixelSize }
        if replacingTop {
            items.insert(contentsOf: fresh, at: 0)
            if !fresh.isEmpty { emit(.prepended(fresh)) }
        } else {
            loadedCursors.insert(cursor)
            let repeats = page.next.map(loadedCursors.contains) == true
                || (hasLoadedFirstPage && !page.items.isEmpty && fresh.isEmpty)
            if repeats { statistics.repeatedPages += 1 }
            hasLoadedFirstPage = true
            nextCursor = repeats ? nil : page.next
            items.append(contentsOf: fresh)
            if !fresh.isEmpty { emit(.appended(fresh)) }
        }
    }

    private func fetchWithRetry(_ cursor: FeedCursor) async throws(FeedError) -> FeedPage {
        var retry = 0
        while true {
            do throws(FeedError) {
                let page = try await provider.page(at: cursor)
                if Task.isCancelled { throw .cancelled }
                return page
            } catch {
                if error.isCancellation { throw error }
                statistics.failedAttempts += 1
                guard error.isRetriedAutomatically, retry + 1 < retryPolicy.maximumAttempts else { throw error }
            }
            do {
                try await Task.sleep(for: retryPolicy.delay(beforeRetry: retry, using: &random))
            } catch {
                throw .cancelled
            }
            retry += 1
        }
    }

    private func setState(_ newState: State) {
        guard newState != state else { return }
        state = newState
        emit(.stateChanged(newState))
    }

    private func emit(_ event: Event) {
        for continuation in subscribers.values {
            continuation.yield(event)
        }
    }

    private func removeSubscriber(_ id: Int) {
        subscribers[id] = nil
    }
}
