import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

/// A GTK 4 waterfall (masonry) wall: the seeds' `WaterflowView` as a widget, and seed 003's
/// collection view for any `CollectionLayout` (carousel, circle).
///
/// A thin shell over `WaterfallViewModel`: the model decides which items are
/// live, where they go and which cells are reused; the view creates the widgets, positions them
/// where the model says (relative to the scroll offset, so content taller than 2^24 px is still
/// exact) and turns GTK events — resize, the adjustments of the `GtkScrolledWindow` it sits in
/// (which brings the scrollbars, wheel, touch and kinetic scrolling and overshoot), keyboard,
/// clicks — into model calls. It scrolls along the layout's
/// `ScrollAxis` (vertical, horizontal with snapping, or not at all), draws the
/// attributes' scale, alpha and z-order (so the model's pinned section header,
/// `WaterfallViewModel.pinnedHeader`, stays above the cells and gets the clicks), and animates
/// layout switches and batch updates at the frame clock (``setLayout(_:animated:)``,
/// ``performBatchUpdates(_:animated:)``).
///
/// ```swift
/// let view = WaterfallView<WaterfallImageCell>(dataSource: shop, delegate: shop)
/// window.setChild(view.scrolledWindow)
/// ```
@MainActor
public final class WaterfallView<Cell: WaterfallCell>: WaterfallHosting {
    /// The view model: items, layout, live cells, reuse, selection, load-more and refresh.
    public let model: WaterfallViewModel<Cell>
    /// The view's widget, a `WaterfallMasonryView` (CSS node `waterfall`, class `.view`): a
    /// `GtkScrollable` to put directly into a `GtkScrolledWindow` (``scrolledWindow`` makes
    /// one). The widget owns the view: keep the widget (in a window), not the view, alive.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The one frame-clock driver of the view's animations: settle, transitions, size
    /// changes (see ``FrameDriver``).
    let frames: FrameDriver
    /// The vertical scroll range (vertical layouts): the scrolled window's, or the widget's own.
    var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        waterfall_masonry_view_get_adjustment(gcast(widget), GTK_ORIENTATION_VERTICAL)
    }
    /// The horizontal scroll range (horizontal layouts such as the carousel).
    var horizontalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        waterfall_masonry_view_get_adjustment(gcast(widget), GTK_ORIENTATION_HORIZONTAL)
    }

    /// Cells parented and shown, in no particular order; each knows its slot.
    var shownCells: [Cell] = []
    /// Set while the view pushes the model's offset or range into the adjustment, so that the
    /// adjustment's `value-changed` is not reported back to the model.
    var isSyncingAdjustment = false
    /// The item with the keyboard focus ring, if the keyboard was used (kept by the model, in
    /// step with batch updates).
    var focusedIndex: Int? {
        get { model.focusedIndex }
        set { model.focusedIndex = newValue }
    }
    /// Time spent in the view's own code since the last `takeWorkTime()`.
    var workTime = WorkTime()
    /// The children besides the cells: header, footer, status page, new-items pill, announcer.
    var chrome = StatusChildren()
    /// Layout switches' and batch updates' transitions and their ghosts (see +Transitions).
    var animation = AnimationState()
    /// A snapping layout's settle and what holds it back (see +Snapping).
    var snapping = SnappingState()
    /// The page and refresh the footer, header and announcements speak of (see +Status).
    var paging = PagingState()
    /// The idle slices laying out the rest of the items after a resize (see +IdleLayout).
    var idleLayout = IdleLayoutState()
    /// A restack the children wait for (see +Stacking).
    var restack = RestackState()
    /// Dragging items out of the wall (see +DragAndDrop).
    var itemDrag = ItemDragState()
    /// What the wall's accessible label and its cells' descriptions last said (see +Accessibility).
    var accessibility = AccessibilityState()

    /// Measures the cells of items that size themselves (held weakly); see ``WaterfallSelfSizing``.
    public weak var selfSizing: (any WaterfallSelfSizing<Cell>)?

    /// The rubberband drag and its drawn band (see ``installRubberband()``).
    let rubberband = RubberbandState()

    /// The reorder gestures' state (see ``installReordering()``).
    var reorderGesture = ReorderGestureState()

    /// What assistive technologies call the wall, before its item count: "Shop wall" makes the
    /// wall's accessible label "Shop wall, 10,000 items". The count follows the items loaded,
    /// or ``accessibleTotal``.
    public var accessibleName: String {
        get { accessibility.name }
        set {
            accessibility.name = newValue
            refreshAccessibleLabel()
        }
    }

    /// Whether pulling past the top of a vertical wall refreshes: the widget's
    /// `enable-pull-to-refresh` property, which the model reads
    /// (`WaterfallViewModel.isRefreshEnabled`), so the property (GTK Inspector, C and Python
    /// code, `notify::enable-pull-to-refresh`) says what the wall does.
    public var isPullToRefreshEnabled: Bool {
        get { waterfall_masonry_view_get_enable_pull_to_refresh(masonryView) != 0 }
        set { waterfall_masonry_view_set_enable_pull_to_refresh(masonryView, newValue ? 1 : 0) }
    }

    /// Whether Tab walks the wall item by item — the widget's `tab-behavior` `GTK_LIST_TAB_ALL`,
    /// GTK's default from 4.12, as in a view made from C — or the wall is one stop of the
    /// window's Tab chain (`GTK_LIST_TAB_ITEM`): what a wall whose items never end wants (the
    /// shop and ``FeedWall`` choose it). Before GTK 4.12 the wall is always one Tab stop: this
    /// reads `false` and setting it does nothing. docs/WIDGET.md, "Tab".
    public var tabsThroughItems: Bool {
        get { waterfall_masonry_view_get_tabs_through_items(masonryView) != 0 }
        set { waterfall_masonry_view_set_tabs_through_items(masonryView, newValue ? 1 : 0) }
    }

    /// Why the last page failed, in plain words, set by the app before
    /// `WaterfallViewModel.failLoadingMore()`: on an empty wall it is the centred status with
    /// Retry (``WaterfallStatus/details`` under "Details"), below items its description is the
    /// footer's text beside Retry. `nil` says ``WaterfallStrings/feedFailed`` and
    /// ``WaterfallStrings/loadMoreFailed``.
    public var loadFailure: WaterfallStatus? {
        get { paging.failure }
        set {
            paging.failure = newValue
            updateStatus()
        }
    }

    /// The number of items the feed has in all, when it is known before every page is loaded
    /// (the demo's shop: 10,000 in pages of 50): the wall's label and each cell's position
    /// ("item 12 of 10,000") say it instead of the count loaded so far. `nil` (the default)
    /// says the loaded count; a total below the loaded count is ignored.
    public var accessibleTotal: Int? {
        get { accessibility.total }
        set {
            accessibility.total = newValue
            refreshAccessibleLabel()
        }
    }

    /// Called with the point (relative to the viewport) when a click hits no item — seed 003
    /// switches layouts on a background tap.
    public var onBackgroundClick: (@MainActor (Point) -> Void)?

    /// Creates the view and attaches its model; items load at the first allocation.
    /// The model holds `dataSource` and `delegate` weakly: keep them alive. The widget is made
    /// as from C, with every property at its default (pull-to-refresh off until the app sets
    /// ``isPullToRefreshEnabled``: the data source ends each refresh itself). Installs the
    /// ``MainQueueBridge`` if it is not installed yet, so main-actor tasks run under any GLib
    /// main loop (`g_main_loop_run`, `g_application_run`).
    public convenience init(dataSource: any WaterfallDataSource<Cell>, delegate: any WaterfallDelegate<Cell>,
                            layout: any CollectionLayout = WaterfallCollectionLayout()) {
        self.init(adopting: MasonryViewConstruction.newWidget(), dataSource: dataSource, delegate: delegate,
                  layout: layout)
        MasonryViewFaceBox.fill(waterfall_masonry_view_get_face(masonryView), with: self)
    }

    /// Becomes the face of `widget`, a `WaterfallMasonryView` (which holds the view from then on).
    init(adopting widget: UnsafeMutablePointer<GtkWidget>, dataSource: any WaterfallDataSource<Cell>,
         delegate: any WaterfallDelegate<Cell>, layout: any CollectionLayout = WaterfallCollectionLayout()) {
        MainQueueBridge.install()
        accessibility.name = WaterfallStrings.current.defaultAccessibleName
        model = WaterfallViewModel(layout: layout)
        self.widget = widget
        frames = FrameDriver(widget: widget)
        gtk_widget_set_parent(chrome.header.widget, widget)
        gtk_widget_set_parent(chrome.footer.widget, widget)
        chrome.newItemsPill = NewItemsPill { [weak self] in self?.revealNewItems() }
        gtk_widget_set_parent(chrome.newItemsPill.widget, widget)
        waterfall_masonry_view_add_tab_stop(gcast(widget), chrome.newItemsPill.widget)
        gtk_widget_set_parent(chrome.announcer.widget, widget)
        chrome.statusPage = StatusPage { [weak self] in self?.model.retryLoadingMore() }
        gtk_widget_set_parent(chrome.statusPage.widget, widget)
        // Tab reaches the Retry buttons (and the status page's Details) while they are shown.
        waterfall_masonry_view_add_tab_stop(gcast(widget), chrome.statusPage.widget)
        waterfall_masonry_view_add_tab_stop(gcast(widget), chrome.footer.widget)
        chrome.footer.onRetry = { [weak self] in self?.model.retryLoadingMore() }
        model.dataSource = dataSource
        model.delegate = delegate

        installAllocation()
        installDirection()
        installScrolling()
        installKeyboard()
        installPointer()
        installReordering()
        refreshAccessibleLabel()
        Signal.connect(widget, "realize") { [weak self] in
            guard let self else { return }
            WaterfallStyle.install(for: self.widget)
        }
        HighContrast.follow(widget)
        model.attach(to: self)
    }

    /// The device pixels per logical pixel of the view's surface (2 on a HiDPI screen). Image
    /// cells should request images this many times larger than their frames.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// The size in device pixels of a one-column cell showing an image of `width`×`height`
    /// pixels: the column width times the scale factor, and the height that keeps the aspect
    /// ratio — the size to request the image at. Invalid sizes give a height of 0, and sizes
    /// whose pixels would not be finite, or longer than 2²⁸, give (0, 0). In rows
    /// (a horizontal `WaterfallCollectionLayout`), the row height and the width that keeps
    /// the aspect ratio (0 for invalid sizes).
    public func cellPixelSize(forImageWidth width: Double, height: Double) -> (width: Int, height: Int) {
        let ratio = width > 0 && height.isFinite && height >= 0 ? height / width : 0
        // The layout fixes one side (the column width, or in rows the row height); the image's
        // aspect ratio gives the other.
        let rowHeight = (model.layout as? WaterfallCollectionLayout)
            .flatMap { $0.engine.axis == .horizontal ? $0.engine.columnWidth : nil }
        let fixed = ((rowHeight ?? model.cellWidth) * Double(scaleFactor)).rounded()
        let following = (rowHeight == nil ? fixed * ratio : fixed / ratio).rounded()
        guard SizeLimits.allows(fixed), SizeLimits.allows(following) else { return (0, 0) }
        return rowHeight == nil ? (Int(fixed), Int(following)) : (Int(following), Int(fixed))
    }

    /// The scroll position along the layout's axis: the content y at the top of the viewport
    /// (vertical), the content x at its left edge (horizontal; right to left, the distance
    /// from the first items at the right, which the flipped adjustment measures from its
    /// upper end), 0 when nothing scrolls.
    public var contentOffset: Double { scrollAdjustmentOffset }

    /// The largest scroll position for the current content and viewport.
    public var maximumContentOffset: Double {
        max(0, gtk_adjustment_get_upper(scrollAdjustment) - gtk_adjustment_get_page_size(scrollAdjustment))
    }

    /// Scrolls to `offset` along the layout's axis (clamped to the scroll range), as the
    /// scrollbar would.
    public func scroll(to offset: Double) {
        stopSettle()
        setScrollAdjustmentOffset(offset)
    }

    /// The adjustment of the layout's scroll axis (the vertical one when nothing scrolls).
    var scrollAdjustment: UnsafeMutablePointer<GtkAdjustment> {
        model.layout.scrollAxis == .horizontal ? horizontalAdjustment : adjustment
    }

    /// Starts a refresh as F5, Ctrl+R or a refresh button do (the delegate's
    /// `waterfallViewDidRequestRefresh`).
    public func refresh() {
        model.beginRefreshing()
    }

    /// Returns the time the view's own code spent (scroll steps, cell binding through the data
    /// source, placing children) since the previous call, and starts counting again.
    package func takeWorkTime() -> WorkTime {
        defer { workTime = WorkTime() }
        return workTime
    }

    /// Runs `body` and adds its duration to the work time.
    func measuringWork<T>(_ body: () -> T) -> T {
        workTime.measure(body)
    }

    // MARK: WaterfallHosting

    /// Parents the cell's widget on first use and shows it.
    public func insertCell(_ cell: Cell) {
        if gtk_widget_get_parent(cell.widget) == nil {
            // Below every other child: under the indicators, and under cells
            // raised by their z-index (a pinned section header, a ghost), which a new cell of
            // z-index 0 must not cover.
            gtk_widget_insert_after(cell.widget, widget, nil)
        }
        gtk_widget_set_visible(cell.widget, 1)
        cell.childSlot = shownCells.count
        shownCells.append(cell)
    }

    /// Records where the cell goes and updates its focused state, and its selected state when
    /// it shows another item than before (a new cell, or one renumbered by a change: a
    /// selection change itself refreshes the shown cells); the widget is moved at the next
    /// allocation. A cell in flight keeps animating, toward the new place.
    public func place(_ cell: Cell, attributes: LayoutAttributes) {
        if (cell.placement?.zIndex ?? 0) != attributes.zIndex { setNeedsRestack() }
        if isAnimatingTransition { animation.transitions.retarget(.cell(ObjectIdentifier(cell)), to: attributes) }
        let previous = cell.placement
        cell.placement = attributes
        measureIfNeeded(cell, previous: previous, attributes: attributes)
        if previous?.index != attributes.index { cell.isSelected = model.isSelected(attributes.index) }
        cell.isFocused = attributes.index == focusedIndex
        updateAccessibility(of: cell, index: attributes.index)
        gtk_widget_queue_allocate(widget)
    }

    /// Hides the cell (it stays parented, ready for reuse). During an animated change a ghost
    /// picture of it takes its place and fades out (or moves away).
    public func removeCell(_ cell: Cell) {
        releaseKeyboardFocus(from: cell)
        cell.didLeaveView()
        captureGhost(of: cell)
        if isAnimatingTransition { animation.transitions.cancel(.cell(ObjectIdentifier(cell))) }
        gtk_widget_set_visible(cell.widget, 0)
        let slot = cell.childSlot
        let last = shownCells.removeLast()
        if last !== cell {
            shownCells[slot] = last
            last.childSlot = slot
        }
        cell.childSlot = -1
        cell.placement = nil
    }

    /// Unparents a cell the reuse pool had no room for.
    public func discardCell(_ cell: Cell) {
        gtk_widget_unparent(cell.widget)
    }

    /// Sets the scroll range to the content's length along the scroll axis.
    public func contentSizeDidChange(_ size: Size) {
        syncAdjustment(offset: model.contentOffset, contentSize: size)
        updateStatus()
    }

    /// Moves the adjustment to the model's offset (anchoring, scroll-to-index).
    public func contentOffsetDidChange(_ offset: Point) {
        syncAdjustment(offset: offset, contentSize: model.contentSize)
    }

    /// Shows the footer's spinner while a page loads, Retry after a failure (or the centred
    /// status on an empty wall), and announces the change.
    public func loadMoreStateDidChange(_ state: LoadMoreState) {
        if state == .loading, paging.loadMoreState != .loading { emitLoadMore() }
        announceLoadMore(state, previous: paging.loadMoreState)
        paging.loadMoreState = state
        updateStatus()
    }

    /// Shows the header while refreshing, and announces a refresh and its result.
    public func refreshStateDidChange(_ state: RefreshState) {
        // Announced before the `refresh` signal: the count of new items starts before its
        // handlers, which may insert the new items at once.
        announceRefresh(state)
        switch state {
        case .idle, .done: chrome.header.hide()
        case .refreshing:
            chrome.header.show(WaterfallStrings.current.refreshing, spinning: true)
            waterfall_masonry_view_emit_refresh(masonryView)
        }
        gtk_widget_queue_allocate(widget)
    }

    /// Configures both adjustments without reporting the change back to the model: the one of
    /// the layout's axis to the content and viewport, the other to an empty range.
    func syncAdjustment(offset: Point, contentSize size: Size) {
        isSyncingAdjustment = true
        defer { isSyncingAdjustment = false }
        func configure(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, _ value: Double, _ upper: Double,
                       _ page: Double, active: Bool) {
            let page = Double(page), value = active ? Double(value) : 0, upper = max(active ? Double(upper) : 0, page)
            gtk_adjustment_configure(adjustment, flipIfRightToLeft(value, upper: upper, pageSize: page, horizontal: adjustment == horizontalAdjustment),
                                     0, upper, max(page * 0.1, 40), page * 0.9, page)
        }
        let axis = model.layout.scrollAxis
        configure(adjustment, offset.y, size.height, model.viewportSize.height, active: axis == .vertical)
        configure(horizontalAdjustment, offset.x, size.width, model.viewportSize.width, active: axis == .horizontal)
    }
}
