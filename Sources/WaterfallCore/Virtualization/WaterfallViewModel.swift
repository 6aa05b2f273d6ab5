/// A masonry collection view without the drawing, with what `UICollectionView` offers:
/// the layout, which cells are live, where they go, cell reuse, hit testing, batch updates,
/// scroll anchoring, load-more and pull-to-refresh — platform-free and headless.
///
/// A front end (GTK, UIKit, AppKit, or ``HeadlessHost`` in tests) implements
/// ``WaterfallHosting`` and only creates widgets, places them where it is told and feeds
/// events in:
///
/// ```swift
/// let model = WaterfallViewModel<MyCell>()
/// model.dataSource = app; model.delegate = app
/// model.setViewportSize(allocation.size)                    // on every resize
/// model.attach(to: host)                                    // first load
/// model.setContentOffset(Point(x: 0, y: adjustmentValue)) // on every scroll step
/// model.click(at: pointInViewport)                          // → delegate didSelectAt
/// model.overshot(atEnd: false, time: now)                   // pull-to-refresh gesture
/// model.beginRefreshing()                                   // F5, Ctrl+R, refresh button
/// model.retryLoadingMore()                                  // the footer's retry button
/// ```
///
/// In return the host gets ``WaterfallHosting/insertCell(_:)``, ``WaterfallHosting/place(_:attributes:)``
/// (frames relative to the viewport), ``WaterfallHosting/removeCell(_:)`` and
/// ``WaterfallHosting/discardCell(_:)`` for widgets; ``WaterfallHosting/contentSizeDidChange(_:)``
/// and ``WaterfallHosting/contentOffsetDidChange(_:)`` for its scroll bar; and the load-more
/// and refresh states for its footer and header.
///
/// The live set is the viewport widened by ``overscan`` on both sides of the scroll axis;
/// it is kept exactly equal to the items whose frames overlap that window, and the pinned
/// section header (``pinnedHeader``) wherever its frame is. A scroll step
/// diffs the old window against the new one in O(c log n + changes) and re-places the live
/// cells; layout changes (reloads, updates, resizes) re-derive the live set by index so that
/// cells that stay visible keep their identity.
@MainActor
public final class WaterfallViewModel<Cell: ReusableCell> {
    /// Supplies the item count and cells (held weakly).
    @exclusivity(unchecked) public weak var dataSource: (any WaterfallDataSource<Cell>)?
    /// Supplies sizes and margins and receives events (held weakly).
    @exclusivity(unchecked) public weak var delegate: (any WaterfallDelegate<Cell>)?
    /// The front end (held weakly); set by ``attach(to:)``.
    @exclusivity(unchecked) public private(set) weak var host: (any WaterfallHosting<Cell>)?

    /// The layout in use; replace it with ``setLayout(_:)``.
    ///
    /// The hot per-step and per-append state is `@exclusivity(unchecked)`: the model is main-actor
    /// isolated and never holds an access across a call that could start another, and the
    /// dynamic checks (an access-set insert and a thread-local look-up each) are a measurable
    /// part of a scroll step (see docs/PERFORMANCE.md).
    @exclusivity(unchecked) public internal(set) var layout: any CollectionLayout {
        didSet {
            scrollAxis = layout.scrollAxis
            // Only an island joining shifts content, and only the view model places islands:
            // until the island has joined, every change asks for the shift (inline, so that
            // taking it does not run this observer again).
            guard placement.islandMayJoin else { return }
            guard let type = incrementalType else { placement.islandMayJoin = false; return }
            if let shift = layout.moveIncrementally(as: type, { $0.takeLayoutShift() }) { followLayoutShift(shift) }
            placement.islandMayJoin = layout.moveIncrementally(as: type, { $0.islandRange != nil })
        }
    }
    /// The layout's type as an ``IncrementalLayout`` (`nil` for one that places every item at
    /// once, like the carousel): checked once when the layout is set, not at every use.
    @exclusivity(unchecked) var incrementalType: (any IncrementalLayout.Type)?
    /// The layout's scroll axis, kept so that a scroll step reads it without opening the
    /// layout existential (a copy of the layout's value each time).
    @exclusivity(unchecked) private(set) var scrollAxis: ScrollAxis
    /// The viewport's size, as last reported by the host.
    @exclusivity(unchecked) public internal(set) var viewportSize: Size = .zero
    /// The scroll position: the content point at the viewport's top-left (right to left, along
    /// a horizontal axis, at its top-right: see ``layoutDirection``).
    @exclusivity(unchecked) public internal(set) var contentOffset: Point = .zero
    /// Extra distance, in points, realized beyond each edge of the viewport along the scroll
    /// axis, so that a scroll step rarely has to create a cell at the last moment (negative or
    /// non-finite counts as 0). Takes effect at the next scroll step.
    @exclusivity(unchecked) public var overscan: Double = 200
    /// The host's text direction; a right-to-left host (Arabic, Hebrew) sets
    /// ``LayoutDirection/rightToLeft`` and the layout is shown mirrored, keeping the first
    /// visible item in place. A vertical layout mirrors its own columns (it gets the direction in
    /// its ``LayoutMetrics``); every other layout (rows, the carousel, the circle) is laid out
    /// left to right in content coordinates and mirrored in the viewport's width where its frames
    /// leave the view model (``placedAttributes(at:)``, the host's `place`) and points enter it
    /// (clicks, reorder): offset 0 shows the first items at the right edge and the offset grows
    /// toward the end, so load-more, the new-items count and snapping measure as left to right.
    /// - Complexity: O(n log c) when it changes.
    @exclusivity(unchecked) public var layoutDirection = LayoutDirection.leftToRight {
        didSet { if layoutDirection != oldValue { invalidateLayout() } }
    }
    /// Where the selection is kept: the view model's own ``SingleSelection`` (default), or a
    /// toolkit's selection model. Renumbered by batch updates, reset by reloads.
    public var selection: any WaterfallSelection = SingleSelection()
    /// The last click that could begin a double-click: its item and event time.
    var lastClick: (index: Int, time: UInt32)?
    /// The item with the keyboard focus (the front end's focus ring, and the cell that holds the
    /// toolkit's focus for assistive technologies), or `nil`. Kept in step with batch updates
    /// like ``selectedIndex``, so inserts above it do not move the focus to another item; when
    /// its item is deleted the focus stays at the same position (the next item), clamped to the
    /// items left; cleared by reloads.
    public var focusedIndex: Int?

    /// The most cells pooled per reuse identifier (default 64); cells beyond it are discarded.
    /// Keep it at least the number of live cells so that a long jump recycles every cell.
    public var reusePoolCapacity: Int {
        get { live.pool.capacityPerIdentifier }
        set { live.pool.capacityPerIdentifier = newValue }
    }

    /// Up to this many items, a width or column change lays every item out at once; beyond it only what the screen needs is
    /// laid out at once and the rest waits for idle slices (see ``isLayoutPending``). It is also
    /// the most items laid out at once before the first visible item: deeper in the feed, the
    /// waterfall lays out an island around that item at its estimated place instead, which
    /// moves by one constant (absorbed in the scroll offset, so nothing on screen moves) when
    /// the slices reach it — see ``WaterfallLayout/place(around:clearance:itemBudget:)``. 0
    /// always defers; negative counts as 0.
    public var eagerLayoutLimit = 20_000
    /// How far beyond the realized window, ahead in the scroll direction, items are announced
    /// to the data source's prefetch method (default 800; negative or non-finite counts as 0).
    public var prefetchDistance: Double {
        get { prefetch.distance }
        set { prefetch.distance = newValue }
    }
    /// How far below the viewport's top edge section headers pin, in points (default 0; e.g.
    /// the height of a translucent bar drawn over the wall). Negative or non-finite counts as
    /// 0. Takes effect at the next scroll step.
    @exclusivity(unchecked) public var pinnedHeaderInset: Double = 0
    /// The section header pinned to the top of the viewport, or `nil` when no header's section
    /// is scrolled under the pin line (see ``WaterfallDataSource/waterfallView(_:isSectionHeaderAt:)``).
    /// Updated at every scroll step and layout change; its cell is live and placed at
    /// ``PinnedHeader/attributes`` even while the header's own frame is scrolled far away.
    @exclusivity(unchecked) public internal(set) var pinnedHeader: PinnedHeader?
    /// Load-more fires when the viewport's end is within this distance of the content's end
    /// (default 600).
    public var loadMoreDistance: Double {
        get { loadMore.distance }
        set { loadMore.distance = newValue }
    }
    /// Whether load-more fires (off by default). Turning it on checks at once, so content
    /// shorter than the viewport asks for a page straight away.
    @exclusivity(unchecked) public var isLoadMoreEnabled = false { didSet { notify() } }
    /// Whether overscroll drives pull-to-refresh: the host's
    /// ``WaterfallHosting/isPullToRefreshEnabled`` (`false` without a host;
    /// ``beginRefreshing()`` always works).
    public var isRefreshEnabled: Bool { host?.isPullToRefreshEnabled ?? false }
    /// How many items at the front arrived above the reader (by a refresh, or inserts at the
    /// top while scrolled down) since the reader was last at the top: the count on the "N new
    /// items" pill. Back to 0 at the top and on ``reloadData()``.
    @exclusivity(unchecked) public internal(set) var newItemsAbove = 0

    /// The realized items (the pinned header among them), their window and the reuse pool.
    @exclusivity(unchecked) var live = LiveSet()
    /// What the data source was told to prefetch last, and which way the reader scrolled.
    @exclusivity(unchecked) var prefetch = Prefetch()
    /// The items that are section headers, kept in step with every edit.
    @exclusivity(unchecked) var sectionHeaders = SectionHeaderIndex()
    /// The load-more rules' state.
    @exclusivity(unchecked) var loadMore = LoadMoreStateMachine()
    /// The pull-to-refresh rules' state.
    var refresh = RefreshStateMachine()
    /// The items whose size changed, by their current index, waiting for
    /// ``applyPendingSizeChanges()``.
    var pendingSizeChanges: Set<Int> = []
    /// What ``applyPendingSizeChanges()`` has done so far.
    package internal(set) var sizeChangeStatistics = SizeChangeStatistics()
    /// What placement may still have to do (an island to join, items waiting).
    @exclusivity(unchecked) var placement = PendingPlacement()
    /// The content size last announced to the host.
    @exclusivity(unchecked) var announcedContentSize: Size?
    /// Nothing is loaded yet: the host or the viewport size is missing.
    @exclusivity(unchecked) var needsReload = true
    /// The reorder drag in progress (see ``beginReorder(at:)``).
    @exclusivity(unchecked) var reorder: ReorderSession?
    /// How close to the viewport's edge along the scroll axis the pointer starts auto-scrolling
    /// a reorder drag (default 64 points; at most a third of the viewport is used; negative or
    /// non-finite counts as 0).
    public var reorderEdgeDistance: Double {
        get { reorderAutoscroll.edgeDistance }
        set { reorderAutoscroll.edgeDistance = newValue }
    }
    /// The auto-scroll speed with the pointer at or past the edge, in points per second
    /// (default 1,600; negative or non-finite counts as 0); it grows with the square of the
    /// pointer's closeness to the edge.
    public var reorderMaximumScrollSpeed: Double {
        get { reorderAutoscroll.maximumSpeed }
        set { reorderAutoscroll.maximumSpeed = newValue }
    }
    /// The two settings above.
    var reorderAutoscroll = ReorderAutoscroll()

    /// Creates a view model around a layout (by default the waterfall).
    public init(layout: any CollectionLayout = WaterfallCollectionLayout()) {
        self.layout = layout
        scrollAxis = layout.scrollAxis
        incrementalType = type(of: layout) as? any IncrementalLayout.Type
    }

    /// Runs `body` on the layout as an ``IncrementalLayout``, in place (see
    /// ``CollectionLayout/incrementally(_:)``), with the conformance checked when it was set.
    /// - Returns: `body`'s result, or `nil` (without calling it) for other layouts.
    @discardableResult
    func incrementally<R>(_ body: (inout any IncrementalLayout) -> R) -> R? {
        guard let incrementalType else { return nil }
        return layout.moveIncrementally(as: incrementalType, body)
    }

    // MARK: Loading

    /// The width of one column; 0 for layouts without one.
    public var cellWidth: Double { placement.sizeReadingCellWidth ?? layout.cellWidth }

    /// The number of items currently laid out.
    public var numberOfItems: Int { layout.itemCount }

    /// The size of the whole content, as shown: during a reorder drag, with the lifted item
    /// moved to its landing place.
    /// - Complexity: that of the layout's `contentSize` (O(c) for the waterfall).
    public var contentSize: Size { reorder?.contentSize(of: layout) ?? layout.contentSize }

    /// Attaches the front end and loads (``reloadData()``).
    /// If the viewport has no size yet, the load happens at the first ``setViewportSize(_:)``.
    public func attach(to host: any WaterfallHosting<Cell>) {
        if let current = self.host, current !== host { detach() }
        self.host = host
        announcedContentSize = nil
        reloadData()
    }

    /// Gives every cell back to the host — live cells through ``WaterfallHosting/removeCell(_:)``,
    /// then every cell (pooled ones included) through ``WaterfallHosting/discardCell(_:)`` —
    /// and forgets the host. The next ``attach(to:)`` loads again.
    public func detach() {
        abandonReorder()
        recycleAllLiveCells()
        for cell in live.pool.removeAll() { host?.discardCell(unsafeDowncast(cell, to: Cell.self)) }
        host = nil
        needsReload = true
    }

    /// Asks the data source and delegate for everything again (count, columns, margins, every
    /// size) and lays the items out, keeping the first visible item in place when it still
    /// exists. Cells go to the reuse pool and come back through the data source. Clears the
    /// selection and resets load-more. Deferred until the viewport has a size.
    /// - Complexity: O(n) size queries plus the layout's O(n log c).
    public func reloadData() {
        guard host != nil, viewportSize.width > 0, viewportSize.height > 0 else {
            needsReload = true
            return
        }
        needsReload = false
        abandonReorder()
        performChange(.reload) {
            loadItems()
            selection.reset()
            lastClick = nil
            setNewItemsAbove(0)
            focusedIndex = nil
            loadMore.reset()
            host?.loadMoreStateDidChange(loadMore.state)
        }
    }

    /// Empties the layout, configures it for the current metrics and viewport, and fills it
    /// with the data source's items.
    /// - Complexity: O(n) size queries plus the layout's O(n log c).
    func loadItems() {
        let metrics = currentMetrics()
        let count = dataSource?.numberOfCells(in: self) ?? 0
        discardPendingSizeChanges()
        removeLayoutItems(in: 0..<layout.itemCount)
        layout.prepare(for: viewportSize, with: metrics)
        insertItems(at: 0..<count)
    }

    /// Inserts items at `range` (or, `replacing`, gives the items there new sizes), asking the delegate for each one's size at its index once
    /// the updates `later` in the batch are applied (an item a later update deletes gets
    /// `.height(0)`) — with no later updates, for a whole chunk at once
    /// (``WaterfallDelegate/waterfallView(_:sizesIn:)``). Sizes are fetched in chunks *before*
    /// each layout mutation, so a delegate may read ``cellWidth`` (to size text to the column, say) while
    /// being asked — unless the delegate reads sizes lazily (``WaterfallDelegate/readsSizesLazily``):
    /// then, with no later updates, the items go in unread and are asked as placement reaches them
    /// (see ``insertUnreadItems(at:replacing:)``).
    ///
    /// Plain loops, no closures: a closure formed here is main-actor isolated, and Swift checks
    /// the executor at run time each time one is called from a non-isolated function such as
    /// `map` — once per item.
    /// - Complexity: O(range.count · later.count) plus the size queries and the layout's
    ///   insertion cost.
    func insertItems(at range: Range<Int>, replacing: Bool = false, tracingThrough later: ArraySlice<ItemUpdate> = []) {
        if later.isEmpty, insertUnreadItems(at: range, replacing: replacing) { return }
        let chunk = 4096
        let delegate = self.delegate   // one load of the weak reference per batch, not per item
        var sizes: [ItemSize] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let end = Swift.min(start + chunk, range.upperBound)
            if let delegate, later.isEmpty {
                sizes = delegateSizes(in: start..<end, from: delegate)
            } else {
                sizes.removeAll(keepingCapacity: true)
                sizes.reserveCapacity(end - start)
                for position in start..<end { sizes.append(later.trace(position).index.map { itemSize(at: $0) } ?? .height(0)) }
            }
            layout.replaceItems(in: start..<(replacing ? end : start), with: sizes)
            recordSectionHeaders(insertedAt: start..<end, sizes: sizes, tracingThrough: later)
            start = end
        }
    }

    /// Deletes the items in `range` from the layout and from the header index.
    /// - Complexity: the layout's deletion cost plus O(log h + later headers).
    func removeLayoutItems(in range: Range<Int>) {
        layout.replaceItems(in: range, with: EmptyCollection())
        sectionHeaders.removeItems(in: range)
    }

    // MARK: Events from the host

    /// The viewport was resized: asks the data source for the column count and the delegate
    /// for margins again (they may depend on the width), relayouts, and keeps the first visible
    /// item at the same place on screen. Negative or non-finite lengths count as 0.
    /// - Complexity: O(n log c) when the width or metrics change, else O(c log n + k).
    public func setViewportSize(_ size: Size) {
        let size = Size(width: Self.nonNegative(size.width), height: Self.nonNegative(size.height))
        guard size != viewportSize else { return }
        guard !needsReload else { viewportSize = size; return reloadData() }
        performChange(.metrics) {
            viewportSize = size
            applyMetrics()
        }
    }

    /// Asks the data source for the column count and the delegate for margins again and
    /// relayouts, keeping the first visible item at the same place on screen (for settings
    /// that change without a resize). Item sizes are not asked again: use ``reloadData()`` or
    /// a `.reload` update for that.
    /// - Complexity: O(n log c) when the metrics changed, else O(c log n + k).
    public func invalidateLayout() {
        guard !needsReload else { return }
        performChange(.metrics, applyMetrics)
    }

    /// Configures the layout for the current metrics and viewport size: the mutation of a
    /// ``Change/metrics`` change.
    ///
    /// Beyond ``eagerLayoutLimit`` items, or with sizes not read yet (see
    /// ``WaterfallDelegate/readsSizesLazily``), the layout may defer laying out (the waterfall does):
    /// the pipeline then places only the items up to the first visible one (or, deep in the
    /// feed, an island around it) and those the live and prefetch windows need, and the host is
    /// told that the rest waits for ``continueLayout(itemBudget:)`` slices.
    private func applyMetrics() {
        let metrics = currentMetrics()
        // A drag's preview places items after the frames of those before them: it needs them all.
        // Unread sizes are read as placement reaches them: it waits for slices too.
        let unread = incrementally { $0.unreadItemCount } ?? 0
        let deferred = reorder == nil && (layout.itemCount > eagerLayoutLimit || unread > 0)
            && incrementally({ $0.prepareDeferringLayout(for: viewportSize, with: metrics) }) != nil
        if !deferred { layout.prepare(for: viewportSize, with: metrics) }
    }

    /// The user scrolled: the content point now at the viewport's top-left is `offset`. Cells
    /// that left the realized window go to the pool, new ones come from the data source, every
    /// live cell is re-placed, then scroll and load-more events fire. A non-finite offset is
    /// ignored. The offset is not limited to the scroll range, so a bounce past an edge shows
    /// what lies there.
    /// - Complexity: O(c log n + changes) for the diff of the old and new windows, plus O(k)
    ///   placements for k live cells, plus O(log h) frame look-ups for the pinned one of h
    ///   section headers.
    public func setContentOffset(_ offset: Point) {
        guard offset != contentOffset, offset.x.isFinite, offset.y.isFinite else { return }
        let delta = scrollAxis == .horizontal ? offset.x - contentOffset.x : offset.y - contentOffset.y
        if delta != 0 { prefetch.direction = delta > 0 ? 1 : -1 }
        contentOffset = offset
        transitionRefresh { $0.scrolled() }
        if isAtTop { setNewItemsAbove(0) }
        updateLiveCells()
        delegate?.waterfallViewDidScroll(self)
        notify()
    }

    // MARK: The scroll step and the restore step

    /// The viewport in content coordinates.
    public var visibleBounds: Rect { Rect(origin: contentOffset, size: viewportSize) }

    /// Brings the live set to the current offset by diffing windows (or re-deriving it when
    /// the layout depends on the offset), then places every live cell.
    /// - Complexity: O(c log n + changes + k).
    func updateLiveCells() {
        if placement.layoutMayBePending {
            placeLiveWindows(at: contentOffset)
            announceContentSize()
            placement.layoutMayBePending = isLayoutPending
        }
        let bounds = visibleBounds
        let invalidates = layout.shouldInvalidate(forBoundsChange: bounds)
        if invalidates { layout.invalidate(forBoundsChange: bounds) }
        // A drag shows the items as after the move: derived again by index at every step.
        if let drag = reorder, invalidates || drag.needsPlacing(for: realizedWindow()) {
            placeReorderPreview(at: contentOffset)
        }
        rederiveLiveCells(diffingFrom: invalidates || reorder != nil ? nil : live.window)
    }

    /// Settles the view after the layout changed (items renumbered or moved, new size or
    /// metrics): announces the content size, restores `anchor` (or keeps the offset) within the
    /// scroll range, updates offset-dependent attributes, then re-derives the live cells.
    /// - Complexity: O(c log n + k log k).
    func relayoutLiveCells(keeping anchor: ScrollAnchor?) {
        if let anchor, isLayoutPending {
            // The anchor's item and the content above it that the windows at its restored offset need.
            place(around: anchor.index, clearance: max(0, scrollAxis.position(of: anchor.viewportOrigin)))
        }
        var clamped = contentOffset
        // A window reaching above a segment at an estimated place settles it, which moves the
        // anchor with its content: then restore once more (settled, nothing can move again).
        for _ in 0..<2 {
            let shifts = placement.shiftsFollowed
            let restored = anchor.map(offset(restoring:)) ?? contentOffset
            placeLiveWindows(at: restored)
            placeReorderPreview(at: restored)
            clamped = clampedOffset(restored)
            placeLiveWindows(at: clamped)
            if shifts == placement.shiftsFollowed { break }
        }
        announceContentSize()
        let moved = clamped != contentOffset
        if moved {
            contentOffset = clamped
            host?.contentOffsetDidChange(clamped)
        }
        let bounds = visibleBounds
        if layout.shouldInvalidate(forBoundsChange: bounds) { layout.invalidate(forBoundsChange: bounds) }
        prefetch.window = nil   // frames changed: the old prefetch window means nothing now
        rederiveLiveCells()
        if moved { delegate?.waterfallViewDidScroll(self) }
    }

    /// Tells the host the layout's content size when it differs from the one it was told last.
    func announceContentSize() {
        let size = contentSize
        guard size != announcedContentSize else { return }
        announcedContentSize = size
        host?.contentSizeDidChange(size)
    }

    /// Whether the viewport shows the content mirrored: right to left, for a layout that does
    /// not scroll vertically (see ``layoutDirection``).
    @inline(__always)
    var mirrorsViewport: Bool { layoutDirection == .rightToLeft && scrollAxis != .vertical }

    /// Where a rectangle in content coordinates is shown, relative to the viewport: moved by
    /// the scroll offset, and mirrored in the viewport's width for a right-to-left layout that
    /// does not scroll vertically (see ``layoutDirection``).
    @inline(__always)
    public func viewportRect(ofContentRect rect: Rect) -> Rect {
        let x = rect.minX - contentOffset.x
        return Rect(x: mirrorsViewport ? viewportSize.width - x - rect.width : x, y: rect.minY - contentOffset.y,
                      width: rect.width, height: rect.height)
    }

    /// The content point shown at a point relative to the viewport: the inverse of
    /// ``viewportRect(ofContentRect:)``.
    public func contentPoint(atViewportPoint point: Point) -> Point {
        Point(x: (mirrorsViewport ? viewportSize.width - point.x : point.x) + contentOffset.x, y: point.y + contentOffset.y)
    }

    /// Content attributes → viewport attributes (``viewportRect(ofContentRect:)``).
    @inline(__always)
    func toViewport(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var shown = attributes
        shown.frame = viewportRect(ofContentRect: attributes.frame)
        return shown
    }

    /// `offset` limited to the scrollable range along the scroll axis; the other axis is 0.
    func clampedOffset(_ offset: Point) -> Point {
        let range = scrollAxis.length(of: contentSize) - scrollAxis.length(of: viewportSize)
        return scrollAxis.moving(.zero, to: max(0, min(scrollAxis.position(of: offset), range)))
    }

    /// A length setting as used: negative or non-finite counts as 0.
    static func nonNegative(_ length: Double) -> Double { length.isFinite ? max(0, length) : 0 }

    // MARK: Data source and delegate with the defaults

    /// The delegate's sizes for the items in `range` (``WaterfallDelegate/waterfallView(_:sizesIn:)``),
    /// a wrong answer mended: extra sizes dropped, missing ones asked one by one.
    func delegateSizes(in range: Range<Int>, from delegate: any WaterfallDelegate<Cell>) -> [ItemSize] {
        var sizes = delegate.waterfallView(self, sizesIn: range)
        if sizes.count > range.count { sizes.removeLast(sizes.count - range.count) }
        for position in range.lowerBound + sizes.count..<range.upperBound { sizes.append(delegate.waterfallView(self, sizeAt: position)) }
        return sizes
    }

    /// The delegate's size for an item, or the default height.
    func itemSize(at index: Int) -> ItemSize {
        delegate?.waterfallView(self, sizeAt: index) ?? .height(WaterfallDefaults.cellHeight)
    }

    /// Columns and margins from the host's overrides, else the data source and delegate, with
    /// the defaults, and the host's direction.
    func currentMetrics() -> LayoutMetrics {
        let layoutOverrides = host?.layoutOverrides ?? LayoutOverrides()
        let columns = layoutOverrides.columns ?? dataSource?.columns(in: self) ?? .fixed(WaterfallDefaults.numberOfColumns)
        func margin(_ type: MarginType) -> Double {
            delegate?.waterfallView(self, marginFor: type) ?? WaterfallDefaults.margin
        }
        return LayoutMetrics(
            columns: columns,
            insets: EdgeInsets(top: margin(.top), left: margin(.left), bottom: margin(.bottom), right: margin(.right)),
            columnSpacing: layoutOverrides.columnSpacing ?? margin(.column),
            rowSpacing: layoutOverrides.rowSpacing ?? margin(.row),
            direction: layoutDirection)
    }
}
