/// A fake front end for tests and benchmarks: it applies the view model's callbacks to
/// ``HeadlessCell``s and records the rest.
///
/// Public so that applications can test their own data sources and delegates without a
/// display: attach a ``WaterfallViewModel`` to a host, set a viewport size, scroll, and check
/// which items are live and where they are placed.
@MainActor
public final class HeadlessHost: WaterfallHosting {
    /// The cell type.
    public typealias Cell = HeadlessCell

    /// How many ``insertCell(_:)`` calls arrived.
    public private(set) var insertCount = 0
    /// How many ``removeCell(_:)`` calls arrived.
    public private(set) var removeCount = 0
    /// How many cells were discarded because the pool was full.
    public private(set) var discardCount = 0
    /// The content size last announced.
    public private(set) var contentSize: Size = .zero
    /// Every offset the view model set on its own initiative, in order.
    public private(set) var offsetChanges: [Point] = []
    /// Every load-more state announced, in order.
    public private(set) var loadMoreStates: [LoadMoreState] = []
    /// Every refresh state announced, in order.
    public private(set) var refreshStates: [RefreshState] = []
    /// Every count of new items above announced for the pill, in order.
    public private(set) var newItemsAboveCounts: [Int] = []
    /// How many times size changes became pending (a real front end flushes them next frame).
    public private(set) var sizeChangeNotifications = 0

    /// The overrides the view model reads; call ``WaterfallViewModel/invalidateLayout()`` after
    /// changing the metrics.
    public var layoutOverrides = LayoutOverrides()
    /// Whether overscroll drives pull-to-refresh (default `false`).
    public var isPullToRefreshEnabled = false
    /// Where the items are drawn, as an animating front end reports them (default `nil`: where
    /// they were placed).
    public var presentedAttributes: [LayoutAttributes]?
    /// Whether a plain click activates (default `false`).
    public var activatesOnSingleClick = false
    /// The double-click time in milliseconds (default 400).
    public var doubleClickTime: UInt32 = 400
    /// Every item activated, in order.
    public private(set) var activatedIndices: [Int] = []

    /// Creates a host.
    public init() {}

    /// Marks the cell inserted.
    public func insertCell(_ cell: HeadlessCell) {
        insertCount += 1
        cell.isInserted = true
    }

    /// Records the cell's attributes.
    public func place(_ cell: HeadlessCell, attributes: LayoutAttributes) {
        cell.attributes = attributes
    }

    /// Marks the cell removed.
    public func removeCell(_ cell: HeadlessCell) {
        removeCount += 1
        cell.isInserted = false
        cell.attributes = nil
    }

    /// Counts the discard.
    public func discardCell(_ cell: HeadlessCell) {
        discardCount += 1
    }

    /// Records the size.
    public func contentSizeDidChange(_ size: Size) {
        contentSize = size
    }

    /// Records the offset.
    public func contentOffsetDidChange(_ offset: Point) {
        offsetChanges.append(offset)
    }

    /// Records the state.
    public func loadMoreStateDidChange(_ state: LoadMoreState) {
        loadMoreStates.append(state)
    }

    /// Records the state.
    public func refreshStateDidChange(_ state: RefreshState) {
        refreshStates.append(state)
    }

    /// Records the count.
    public func newItemsAboveDidChange(_ count: Int) {
        newItemsAboveCounts.append(count)
    }

    /// Records the item.
    public func didActivateItem(at index: Int) {
        activatedIndices.append(index)
    }

    /// Counts the notification; the test applies the changes when it pumps a frame.
    public func sizeChangesDidBecomePending() {
        sizeChangeNotifications += 1
    }
}
