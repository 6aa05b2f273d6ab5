/// A data source and delegate backed by an array of sizes, for tests and benchmarks. Cells
/// are dequeued by identifier and created only when the pool has none, as an app's would be.
@MainActor
public final class HeadlessDataSource: WaterfallDataSource, WaterfallDelegate {
    /// The cell type.
    public typealias Cell = HeadlessCell

    /// The items (the model): edit it, then tell the view model.
    public var sizes: [ItemSize]
    /// The column count returned to the view model.
    public var columns: Int
    /// Columns returned instead of `.fixed(columns)` when set (e.g. adaptive columns).
    public var columnRule: ColumnCount?
    /// The margin returned for every margin type.
    public var margin: Double
    /// The reuse identifier for an item.
    public var identifier: (Int) -> String
    /// Whether an item is a section header (default: none is).
    public var isSectionHeader: (Int) -> Bool = { _ in false }
    /// Whether an item takes the keyboard focus (default: every one does).
    public var canFocus: (Int) -> Bool = { _ in true }
    /// How many cells were created because the pool had none.
    public private(set) var cellsCreated = 0
    /// Every selected index, in order.
    public private(set) var selections: [Int] = []
    /// How many times load-more fired.
    public private(set) var moreRequests = 0
    /// How many times a refresh started.
    public private(set) var refreshRequests = 0
    /// How many prefetch and cancel hints arrived.
    public private(set) var prefetchCount = 0, cancelCount = 0
    /// Whether the items may be moved (drag to reorder, the keyboard's move); off by default.
    public var allowsMoving = false
    /// Whether arrow keys select (see ``WaterfallDelegate/waterfallView(_:selectionFollowsFocusAt:)``); on by default.
    public var selectionFollowsFocus = true
    /// Every move the view model committed, in order.
    public private(set) var moves: [(from: Int, to: Int)] = []
    /// Whether the view model may leave inserted items' sizes unread until it places them
    /// (``WaterfallDelegate/readsSizesLazily``); off by default.
    public var readsSizesLazily = false
    /// How many item sizes the view model asked for.
    public private(set) var sizesAsked = 0

    /// Creates a data source with these items.
    public init(sizes: [ItemSize], columns: Int = WaterfallDefaults.numberOfColumns,
                margin: Double = WaterfallDefaults.margin, identifier: @escaping (Int) -> String = { _ in "cell" }) {
        self.sizes = sizes
        self.columns = columns
        self.margin = margin
        self.identifier = identifier
    }

    /// `sizes.count`.
    public func numberOfCells(in waterfallView: WaterfallViewModel<HeadlessCell>) -> Int { sizes.count }

    /// A dequeued cell, or a new one when the pool has none for the item's identifier.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, cellAt index: Int) -> HeadlessCell {
        let reuseIdentifier = identifier(index)
        let cell = waterfallView.dequeueReusableCell(withIdentifier: reuseIdentifier) ?? {
            cellsCreated += 1
            return HeadlessCell(reuseIdentifier: reuseIdentifier, serial: cellsCreated)
        }()
        cell.index = index
        return cell
    }

    /// ``columnRule``, else `.fixed(columns)`.
    public func columns(in waterfallView: WaterfallViewModel<HeadlessCell>) -> ColumnCount {
        columnRule ?? .fixed(columns)
    }

    /// `sizes[index]`.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, sizeAt index: Int) -> ItemSize {
        sizesAsked += 1
        return sizes[index]
    }

    /// ``isSectionHeader``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, isSectionHeaderAt index: Int) -> Bool {
        isSectionHeader(index)
    }

    /// `sizes[range]`, in one copy.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, sizesIn range: Range<Int>) -> [ItemSize] {
        sizesAsked += range.count
        return Array(sizes[range])
    }

    /// ``margin``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, marginFor type: MarginType) -> Double {
        margin
    }

    /// Records the selection.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, didSelectAt index: Int) {
        selections.append(index)
    }

    /// ``selectionFollowsFocus``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, selectionFollowsFocusAt index: Int) -> Bool {
        selectionFollowsFocus
    }

    /// ``canFocus``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, canFocusItemAt index: Int) -> Bool {
        canFocus(index)
    }

    /// Counts the request.
    public func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<HeadlessCell>) { moreRequests += 1 }

    /// Counts the request.
    public func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<HeadlessCell>) { refreshRequests += 1 }

    /// Counts the hint.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, prefetchItemAt index: Int) {
        prefetchCount += 1
    }

    /// Counts the hint.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, cancelPrefetchingItemAt index: Int) {
        cancelCount += 1
    }

    /// ``allowsMoving``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, canMoveItemAt index: Int) -> Bool {
        allowsMoving
    }

    /// Moves the item's size and records the move.
    public func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, moveItemFrom source: Int, to destination: Int) {
        sizes.insert(sizes.remove(at: source), at: destination)
        moves.append((source, destination))
    }
}
