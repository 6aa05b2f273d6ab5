import CGtk
import CWaterfallGtk
import Foundation
import WaterfallCore

/// A GTK 4 waterfall (masonry) wall: the seeds' `WaterflowView` as a widget.
///
/// A thin shell over ``WaterfallCore/WaterfallViewModel``: the model decides which items are
/// live, where they go and which cells are reused; the view creates the widgets, positions them
/// where the model says (relative to the scroll offset, so content taller than 2^24 px is still
/// exact) and turns GTK events — resize, wheel, touchpad with kinetic scrolling and overscroll,
/// scrollbar, keyboard, clicks — into model calls.
///
/// ```swift
/// let view = WaterfallView<WaterfallImageCell>(dataSource: shop, delegate: shop)
/// window.setChild(view.widget)
/// ```
@MainActor
public final class WaterfallView<Cell: WaterfallCell>: WaterfallHosting {
    /// The view model: items, layout, live cells, reuse, selection, load-more and refresh.
    public let model: WaterfallViewModel<Cell>
    /// The view's widget (a `WfCanvas`, CSS node `waterfall`): put it in a window.
    public let widget: UnsafeMutablePointer<GtkWidget>

    let canvas: GObjectRef<UnsafeMutablePointer<GtkWidget>>
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    let scrollbar: UnsafeMutablePointer<GtkWidget>
    let header = StatusIndicator()
    let footer = StatusIndicator()

    /// Cells parented and shown, in no particular order; each knows its slot.
    var shownCells: [Cell] = []
    /// Set while the view pushes the model's offset or range into the adjustment, so that the
    /// adjustment's `value-changed` is not reported back to the model.
    var isSyncingAdjustment = false
    /// How far the content is pulled past its top (touchpad overscroll), in px.
    var pullDistance: Double = 0
    /// The running fling, driven by ``kineticTick``.
    var kinetic: KineticScroll?
    /// The tick callback driving the fling, while one runs.
    var kineticTick: UInt32?
    /// The item with the keyboard focus ring, if the keyboard was used.
    var focusedIndex: Int?
    /// Time spent in the view's own code since the last ``takeWorkTime()``.
    var workTime = WorkTime()

    /// Creates the view and attaches its model; items load at the first allocation.
    /// The model holds `dataSource` and `delegate` weakly: keep them alive.
    public init(dataSource: any WaterfallDataSource<Cell>, delegate: any WaterfallDelegate<Cell>,
                layout: any CollectionLayout = WaterfallCollectionLayout()) {
        model = WaterfallViewModel(layout: layout)
        canvas = GObjectRef(sinking: wf_canvas_new())
        widget = canvas.pointer
        adjustment = gtk_adjustment_new(0, 0, 0, 40, 400, 0)
        scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment)
        gtk_widget_set_parent(scrollbar, widget)
        gtk_widget_set_parent(header.widget, widget)
        gtk_widget_set_parent(footer.widget, widget)
        model.dataSource = dataSource
        model.delegate = delegate

        installAllocation()
        installScrolling()
        installKeyboard()
        installPointer()
        Signal.connect(widget, "realize") { [weak self] in
            guard let self else { return }
            WaterfallStyle.install(for: self.widget)
        }
        model.attach(to: self)
    }

    /// The device pixels per logical pixel of the view's surface (2 on a HiDPI screen). Image
    /// cells should request images this many times larger than their frames.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// The scroll position: the content y at the top of the viewport.
    public var contentOffset: Double { gtk_adjustment_get_value(adjustment) }

    /// The largest scroll position for the current content and viewport.
    public var maximumContentOffset: Double {
        max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }

    /// Scrolls to `offset` (clamped to the scroll range), as the scrollbar would.
    public func scroll(to offset: Double) {
        stopKinetic()
        gtk_adjustment_set_value(adjustment, offset)
    }

    /// Starts a refresh as F5, Ctrl+R or a refresh button do (the delegate's
    /// `waterfallViewDidRequestRefresh`).
    public func refresh() {
        model.beginRefreshing()
    }

    /// Returns the time the view's own code spent (scroll steps, cell binding through the data
    /// source, placing children) since the previous call, and starts counting again.
    public func takeWorkTime() -> WorkTime {
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
            // Below the scrollbar and the indicators.
            gtk_widget_insert_before(cell.widget, widget, scrollbar)
        }
        gtk_widget_set_visible(cell.widget, 1)
        cell.childSlot = shownCells.count
        shownCells.append(cell)
    }

    /// Records where the cell goes and updates its selected and focused states; the widget is
    /// moved at the next allocation.
    public func place(_ cell: Cell, attributes: LayoutAttributes) {
        cell.placement = attributes
        cell.isSelected = attributes.index == model.selectedIndex
        cell.isFocused = attributes.index == focusedIndex
        gtk_widget_queue_allocate(widget)
    }

    /// Hides the cell (it stays parented, ready for reuse).
    public func removeCell(_ cell: Cell) {
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

    /// Sets the scroll range to the content height.
    public func contentSizeDidChange(_ size: CGSize) {
        syncAdjustment(value: model.contentOffset.y, upper: size.height)
    }

    /// Moves the scrollbar to the model's offset (anchoring, scroll-to-index).
    public func contentOffsetDidChange(_ offset: CGPoint) {
        syncAdjustment(value: offset.y, upper: model.contentSize.height)
    }

    /// Shows the footer's spinner while a page loads.
    public func loadMoreStateDidChange(_ state: LoadMoreState) {
        switch state {
        case .loading: footer.show("Loading more…", spinning: true)
        case .failed: footer.show("Could not load more — scroll to retry", spinning: false)
        case .idle, .exhausted: footer.hide()
        }
        gtk_widget_queue_allocate(widget)
    }

    /// Shows the header while pulling and refreshing.
    public func refreshStateDidChange(_ state: RefreshState) {
        switch state {
        case .idle, .done: header.hide()
        case .pulling: header.show("Pull to refresh", spinning: false)
        case .armed: header.show("Release to refresh", spinning: false)
        case .refreshing: header.show("Refreshing…", spinning: true)
        }
        gtk_widget_queue_allocate(widget)
    }

    /// Configures the adjustment without reporting the change back to the model.
    private func syncAdjustment(value: Double, upper: Double) {
        isSyncingAdjustment = true
        defer { isSyncingAdjustment = false }
        let page = Double(model.viewportSize.height)
        gtk_adjustment_configure(adjustment, value, 0, max(upper, page), max(page * 0.1, 40), page * 0.9, page)
    }
}
