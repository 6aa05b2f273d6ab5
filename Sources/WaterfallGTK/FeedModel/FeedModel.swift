import WaterfallFeed

/// A feed as a growing list, for a list model: follows a `FeedLoader` and reports each finished
/// operation's new items as insertions — a page's at the end, a refresh's at index 0, each in
/// one call — with each item's aspect ratio, and the loader's state as ``Status``. A failure
/// changes only the status: every item already reported stays.
///
/// The one home of a feed's state for every list over it: the Swift logic of the C type
/// `WaterfallFeedModel` (see `FeedModel+GObject.swift`), which keeps the items, and of
/// ``FeedWall``, whose source keeps them compacted (see `FeedWallSource+Loading.swift`). This
/// type keeps their count, their ordinals, and the sizes of the items the feed gave none: the
/// running estimate, and which items wait for which image's header to be corrected (see
/// `FeedModel+Sizes.swift`); and it fetches again the compacted items a list wants back (see
/// `FeedModel+Refetch.swift`).
@MainActor
final class FeedModel {
    /// What a list model shows of the loader's state.
    struct Status: Equatable {
        /// Whether a page or a refresh is loading.
        var isLoading = false
        /// Whether the feed may have more pages (`false` once its last page is loaded).
        var hasMore = true
        /// Why the last page or refresh failed, in plain words; `nil` when it did not fail.
        var errorMessage: String?

        /// The status of a loader in `state`; a failure says `errorMessage(error)` (a
        /// cancellation is no failure).
        @MainActor init(_ state: FeedLoader.State, errorMessage: @MainActor (FeedError) -> String) {
            switch state {
            case .loading: isLoading = true
            case .failed(let error, _) where !error.isCancellation: self.errorMessage = errorMessage(error)
            case .exhausted: hasMore = false
            case .idle, .failed: break
            }
        }
    }

    /// New items and where they go.
    struct Insertion {
        /// The items, in the feed's order.
        let items: [FeedItem]
        /// Each item's width / height: its own (or its image's, when a header already told
        /// it), else the median of the sizes known so far (theirs included).
        let aspectRatios: [Double]
        /// Whether a refresh brought them: they go to index 0; otherwise to the end.
        let atTop: Bool
        /// The index they go to: 0 for a refresh's, ``count`` before them for a page's.
        let index: Int
        /// Their ordinals (see ``FeedModel/firstOrdinal``).
        let ordinals: Range<Int>
    }

    /// Where the items come from.
    let loader: FeedLoader
    /// The pipeline whose image headers correct the items the feed gave no size.
    let pipeline: ImagePipeline<PixbufDecoder>
    /// The number of items reported so far.
    private(set) var count = 0
    /// The ordinal of the item at index 0: 0 until a refresh inserts items above it (an item's
    /// ordinal, index + `firstOrdinal`, never changes; those of a page's items are the loader's,
    /// ``FeedLoader/refetchPage(containing:)``).
    private(set) var firstOrdinal = 0
    /// The loader's state as of the last event applied.
    private(set) var loaderState = FeedLoader.State.idle
    /// What the loader is (or was last) doing.
    private(set) var operation = FeedLoader.Operation.nextPage
    /// The running median of the known sizes (the feed's, and those read from image headers),
    /// for the items without one; kept by `FeedModel+Sizes.swift`.
    var estimate = AspectRatioEstimate()
    /// Which items wait for their image's header, and the sizes headers told; kept by
    /// `FeedModel+Sizes.swift`.
    var sizes = Sizes()
    /// Compacted items wanted back; kept by `FeedModel+Refetch.swift`.
    var refetching = Refetching()
    /// The list that compacts far items and asks for them back (``fetchAgain(at:)``).
    weak var compactingList: (any CompactingFeedList)?
    /// The pipeline's header handler this model added (from ``start()`` to ``stop()``).
    var headerHandler: ImagePipeline<PixbufDecoder>.HeaderHandlerID?
    /// Called with the new items of each finished operation (a refresh's first).
    var onInsert: (@MainActor (Insertion) -> Void)?
    /// Called after the loader's state changed, the items it brought reported (read
    /// ``loaderState`` and ``operation`` for more than the status).
    var onStatusChange: (@MainActor (Status) -> Void)?
    /// Called when an image's header told the size of items laid out at an estimate.
    var onResize: (@MainActor (Resize) -> Void)?
    /// Called when ``status`` changed because a request began or its end was applied, between
    /// the loader's events: a list model's `loading` is true from the call of ``loadMore()``,
    /// ``refresh()`` or ``retry()`` on, not only once the loader starts (see ``requests``).
    var onRequestChange: (@MainActor () -> Void)?
    /// The number of items laid out at an estimate so far (``FeedWall/itemsEstimated``).
    var estimatedCount: Int { sizes.estimatedCount }

    /// What a failure says (``FailureStrings``, as the wall's).
    private let errorMessage: @MainActor (FeedError) -> String
    /// Items announced by the running operation, reported when it ends.
    private var pendingAppend: [FeedItem] = []
    private var pendingPrepend: [FeedItem] = []
    /// The subscription to the loader's events, and the task applying them.
    private var subscription: Task<AsyncStream<FeedLoader.Event>, Never>?
    private var listener: Task<Void, Never>?
    /// The requests sent to the loader whose end is not applied yet: those running, and for
    /// each that returned, the state the loader was left in, until the events bring
    /// ``loaderState`` to it (the loader's events arrive after its calls return).
    private var requests = Requests()

    /// A model over `loader` whose items of unknown size `pipeline`'s image headers correct;
    /// call ``start()`` once its callbacks are set.
    init(loader: FeedLoader, pipeline: ImagePipeline<PixbufDecoder>,
         errorMessage: @escaping @MainActor (FeedError) -> String = { WaterfallStrings.current.failures.sentence(for: $0) }) {
        self.loader = loader
        self.pipeline = pipeline
        self.errorMessage = errorMessage
    }

    deinit {
        if let headerHandler { pipeline.removeHeaderHandler(headerHandler) }
    }

    /// The status as of the last event applied; while a request has not ended, loading and
    /// without a failure (a list model's `error-message` then says how a load ended once its
    /// `loading` is false).
    var status: Status {
        var status = Status(loaderState, errorMessage: errorMessage)
        if requests.isPending { (status.isLoading, status.errorMessage) = (true, nil) }
        return status
    }

    /// Subscribes to the loader (which then keeps no items: the list does) and to the
    /// pipeline's image headers; ``loadMore()`` then loads the first page.
    func start() {
        listenForImageHeaders()
        let subscription = Task { [loader] in
            await loader.stopRetainingItems()
            return await loader.observe().events
        }
        self.subscription = subscription
        listener = Task { [weak self] in
            for await event in await subscription.value {
                guard let self else { return }
                self.apply(event)
            }
        }
    }

    /// Loads the next page; after a failed page, loads it again. Nothing while the feed is
    /// exhausted or a refresh failed (``refresh()`` runs it again).
    func loadMore() {
        switch loaderState {
        case .exhausted, .failed(_, .refresh): return
        case .failed(_, .nextPage): request { await $0.retry() }
        case .idle, .loading: request { await $0.loadMore() }
        }
    }

    /// Loads the first page again; its new items go to index 0.
    func refresh() {
        request { await $0.refresh() }
    }

    /// Runs the failed page or refresh again; nothing when nothing failed.
    func retry() {
        request { await $0.retry() }
    }

    /// Stops: the load in progress is cancelled and no callback runs again.
    func stop() {
        onInsert = nil
        onStatusChange = nil
        onResize = nil
        onRequestChange = nil
        stopListeningForImageHeaders()
        listener?.cancel()
        let loader = loader
        Task { await loader.cancel() }
    }

    /// Runs `action` on the loader once the model is subscribed, so no event is missed.
    func send(_ action: @escaping @Sendable (FeedLoader) async -> Void) {
        Task { [subscription, loader] in
            _ = await subscription?.value
            await action(loader)
        }
    }

    /// Sends `action` as ``send(_:)`` does, and counts it as loading from now until the loader's
    /// state after it is applied (a request the loader ignores, such as a page past the end,
    /// ends as soon as it returns).
    private func request(_ action: @escaping @Sendable (FeedLoader) async -> Void) {
        let wasPending = requests.isPending
        requests.running += 1
        if !wasPending { onRequestChange?() }
        Task { [weak self, subscription, loader] in
            _ = await subscription?.value
            await action(loader)
            let state = await loader.state
            self?.requestReturned(leaving: state)
        }
    }

    /// A request returned, leaving the loader in `state`: it ends now if the events brought
    /// ``loaderState`` there already, else when they do (``apply(_:)``).
    private func requestReturned(leaving state: FeedLoader.State) {
        requests.running -= 1
        if state != loaderState { requests.returned.append(state) }
        if !requests.isPending { onRequestChange?() }
    }

    private func apply(_ event: FeedLoader.Event) {
        switch event {
        case .appended(let items):
            pendingAppend += items
        case .prepended(let items):
            pendingPrepend = items + pendingPrepend
        case .stateChanged(let state):
            loaderState = state
            if case .loading(let running) = state {
                operation = running
            } else {
                settle(state)
            }
            requests.returned.removeAll { $0 == state }
            onStatusChange?(status)
        }
    }

    /// The running operation ended in `state`: reports its items (those of a refresh first, at
    /// index 0), and asks for the next page when a page brought nothing new.
    private func settle(_ state: FeedLoader.State) {
        let prepended = pendingPrepend, appended = pendingAppend
        pendingPrepend = []
        pendingAppend = []
        insert(prepended, atTop: true)
        insert(appended, atTop: false)
        if operation == .nextPage, state == .idle, appended.isEmpty {
            // Every item of that page was a duplicate or unusable: the next one may have some.
            request { await $0.loadMore() }
        }
    }

    private func insert(_ items: [FeedItem], atTop: Bool) {
        guard !items.isEmpty else { return }
        let first = atTop ? firstOrdinal - items.count : firstOrdinal + count
        let ordinals = first..<first + items.count
        noteSizes(of: items, ordinals: ordinals)
        let insertion = Insertion(items: items, aspectRatios: items.map(aspectRatio(of:)), atTop: atTop,
                                  index: atTop ? 0 : count, ordinals: ordinals)
        if atTop { firstOrdinal -= items.count }
        count += items.count
        onInsert?(insertion)
    }
}

extension FeedModel {
    /// The requests of ``FeedModel/loadMore()``, ``FeedModel/refresh()`` and
    /// ``FeedModel/retry()`` that have not ended as far as the model's events go.
    struct Requests {
        /// Requests the loader has not returned from.
        var running = 0
        /// For each request that returned, the loader's state it left, until the model's
        /// events reach that state.
        var returned: [FeedLoader.State] = []

        /// Whether some request has not ended.
        var isPending: Bool { running > 0 || !returned.isEmpty }
    }
}
