import Foundation

/// The axis along which a layout's content scrolls.
public enum ScrollAxis: Equatable, Sendable {
    /// Content taller than the viewport scrolls up and down (the waterfall).
    case vertical
    /// Content wider than the viewport scrolls sideways (a carousel).
    case horizontal
    /// Everything fits in the viewport (a circle).
    case none
}

/// The seeds' spacing and column settings (`numberOfColumns`, `marginForType`), handed to a
/// layout by the view model so that any layout can honour them.
public struct LayoutMetrics: Equatable, Sendable {
    /// The columns: a fixed count (the seeds' default is 3) or adaptive columns, which a
    /// layout resolves from its own width.
    public var columns: ColumnCount
    /// Margins between the container's edges and the items.
    public var insets: EdgeInsets
    /// Space between columns (or between items along a row).
    public var columnSpacing: CGFloat
    /// Space between rows (between consecutive items of a column).
    public var rowSpacing: CGFloat
    /// Which way columns are numbered: a right-to-left view mirrors the layout.
    public var direction: LayoutDirection

    /// Creates metrics; the defaults are the seeds': 3 columns, 8 pt everywhere, left to right.
    public init(columns: ColumnCount = .fixed(3), insets: EdgeInsets = EdgeInsets(all: 8),
                columnSpacing: CGFloat = 8, rowSpacing: CGFloat = 8,
                direction: LayoutDirection = .leftToRight) {
        self.columns = columns
        self.insets = insets
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.direction = direction
    }
}

/// A layout for the view model: where each item goes, which items lie in a rectangle, where
/// scrolling should stop. It mirrors `UICollectionViewLayout` as seed 003 uses it
/// (`prepareLayout`, `layoutAttributesForElementsInRect:`, `layoutAttributesForItemAtIndexPath:`,
/// `shouldInvalidateLayoutForBoundsChange:`, `targetContentOffsetForProposedContentOffset:`),
/// as a value type that stores its own items.
///
/// All rectangles and points are in content coordinates: origin at the content's top-left,
/// y growing downward. Visibility uses open intersection: an item is *in* a rectangle when
/// `frame.maxX > rect.minX && frame.minX < rect.maxX && frame.maxY > rect.minY &&
/// frame.minY < rect.maxY` (see `CGRect.overlaps(_:)` in this module). The view model's
/// scrolling diff relies on ``forEachIndex(in:_:)`` reporting exactly those items.
///
/// Conforming layouts: ``WaterfallCollectionLayout`` (vertical masonry); carousels (horizontal,
/// offset-dependent scale) and circles (non-scrolling) fit the same protocol.
public protocol CollectionLayout {
    /// The axis the content scrolls along.
    var scrollAxis: ScrollAxis { get }
    /// The number of items the layout holds.
    var itemCount: Int { get }
    /// The size of the whole content.
    var contentSize: CGSize { get }
    /// The width items are laid out at when the layout has a single item width (the seeds'
    /// `cellWidth`, a waterfall's column width); 0 otherwise.
    var cellWidth: CGFloat { get }

    /// Lays items out for a viewport of this size (the seeds' `prepareLayout`).
    mutating func prepare(for containerSize: CGSize)
    /// Adopts the data source's columns, the delegate's margins and the view's direction.
    /// Layouts without columns may use only the insets and spacings.
    mutating func configure(with metrics: LayoutMetrics)
    /// Adopts `metrics` and lays out for `containerSize` in one step. The view model calls it
    /// on every reload and viewport size change; layouts whose work depends on both (a
    /// waterfall, when a resize changes the width and the column count) should lay out once.
    /// The default calls ``configure(with:)`` then ``prepare(for:)``.
    mutating func prepare(for containerSize: CGSize, with metrics: LayoutMetrics)
    /// Replaces the items in `range` with items of the given sizes: an insert when `range` is
    /// empty, a delete when `sizes` is empty. Layouts that ignore item sizes only track the count.
    mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize
    /// Gives existing items new sizes (indices in any order, the last size of a repeated index
    /// wins), relayouting once for the whole batch where the layout can.
    mutating func resizeItems(_ changes: [(index: Int, size: ItemSize)])
    /// Moves the item at `source` to `destination` (both valid), as
    /// `array.insert(array.remove(at: source), at: destination)`, keeping its size — drag to
    /// reorder commits through it. Layouts that store sizes must implement it; the default
    /// suits layouts that only track the count.
    mutating func moveItem(from source: Int, to destination: Int)

    /// Keeps the layout of the items from `index` on (0...itemCount) across later edits before
    /// it: such an edit moves them all by one constant, which the view model absorbs in the
    /// scroll offset, so nothing on screen moves (the waterfall's
    /// ``WaterfallLayout/startBlock(at:)``). An insert at 0 right after `startBlock(at: 0)` puts
    /// the new items above the old ones as a block of their own. Any configuration change
    /// lays everything out again as one block.
    mutating func startBlock(at index: Int)

    /// Like ``prepare(for:with:)``, but the layout may defer laying its items out: the view
    /// model then asks for what it must show with ``layOut(upTo:)`` and ``layOut(covering:)``
    /// and has the rest done in slices with ``continueLayout(itemBudget:)``. The default lays
    /// out at once (``prepare(for:with:)``).
    mutating func prepareDeferringLayout(for containerSize: CGSize, with metrics: LayoutMetrics)
    /// How many items, from index 0, are laid out (have frames); ``itemCount`` unless the
    /// layout deferred work in ``prepareDeferringLayout(for:with:)``. Only laid-out items may
    /// be asked for their frame or attributes, and only they are reported by queries.
    var laidOutCount: Int { get }
    /// Lays out the items up to (not including) `index`, if they are not yet. Default: nothing.
    mutating func layOut(upTo index: Int)
    /// Lays out every item that may overlap `rect`, if it is not yet. Default: nothing.
    mutating func layOut(covering rect: CGRect)
    /// Lays out up to `itemBudget` more of the deferred items.
    /// - Returns: whether every item is laid out now (the default: always).
    mutating func continueLayout(itemBudget: Int) -> Bool
    /// Gives the item at `index` (a valid one) a frame for a view to keep it in view, with the
    /// content at least `clearance` above it along the scroll axis laid out too, placing about
    /// `itemBudget` deferred items at most when it is deep in the items (the waterfall's
    /// ``WaterfallLayout/layOut(around:clearance:itemBudget:)`` lays out an island there).
    /// Default: ``layOut(upTo:)`` `index + 1`.
    mutating func layOut(around index: Int, clearance: CGFloat, itemBudget: Int)
    /// Returns, once, how deferred placement moved content since the last call (the
    /// waterfall's island joining its placed prefix), or `nil`. Default: always `nil`.
    mutating func takeLayoutShift() -> LayoutShift?
    /// The items laid out ahead of the laid-out prefix, in coordinates of their own until
    /// placement reaches them (the waterfall's ``WaterfallLayout/islandRange``), or `nil`.
    /// Default: `nil`.
    var islandRange: Range<Int>? { get }

    /// Whether appending items leaves the attributes of every existing item as they were (the
    /// waterfall places only the new items). The view model then handles an append at the end
    /// in O(page) instead of re-deriving its live set. The default is `false`.
    var appendingKeepsFrames: Bool { get }
    /// The smallest coordinate along the scroll axis (`minY`; `minX` for a horizontal layout)
    /// of the frames of the items in `range`, which must be laid out; `.infinity` for an empty
    /// range. The view model checks an appended page against its live and prefetch windows item
    /// by item only when the page starts before their end. The default takes the minimum over
    /// ``frame(at:)``; the waterfall reads its stored positions.
    func leadingEdge(ofItemsIn range: Range<Int>) -> CGFloat

    /// The frame of the item at `index` (which must be valid), used for visibility and hit tests.
    func frame(at index: Int) -> CGRect
    /// The full attributes of the item at `index` (which must be valid).
    func layoutAttributes(at index: Int) -> LayoutAttributes
    /// Calls `body` once for every index whose frame overlaps `rect` (open intersection), in
    /// any order, without allocating. This is the scrolling hot path.
    func forEachIndex(in rect: CGRect, _ body: (Int) -> Void)
    /// The attributes of every item whose frame overlaps `rect`, by ascending index.
    func layoutAttributes(in rect: CGRect) -> [LayoutAttributes]
    /// The topmost item whose frame contains `point`, or `nil`.
    func index(at point: CGPoint) -> Int?

    /// Whether scrolling to `newBounds` (the viewport in content coordinates, same size as
    /// before) changes any item's attributes — true for layouts that scale items by their
    /// distance from the centre. The view model asks on every scroll step.
    func shouldInvalidate(forBoundsChange newBounds: CGRect) -> Bool
    /// Updates offset-dependent attributes for `newBounds`; called when
    /// ``shouldInvalidate(forBoundsChange:)`` returned true.
    mutating func invalidate(forBoundsChange newBounds: CGRect)
    /// Where scrolling that would stop at `proposed`, moving at `velocity` (points per second),
    /// should come to rest — e.g. centred on an item for a carousel.
    func targetContentOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint
}

extension CollectionLayout {
    /// ``configure(with:)``, then ``prepare(for:)``.
    public mutating func prepare(for containerSize: CGSize, with metrics: LayoutMetrics) {
        configure(with: metrics)
        prepare(for: containerSize)
    }

    /// By default nothing depends on the scroll offset.
    public func shouldInvalidate(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// By default there is nothing to update.
    public mutating func invalidate(forBoundsChange newBounds: CGRect) {}

    /// By default scrolling stops where it would.
    public func targetContentOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// By default nothing: a layout where an item's place does not depend on the sizes of the
    /// items before it (a carousel, a circle) has nothing to keep.
    public mutating func startBlock(at index: Int) {}

    /// By default each change replaces its item: one relayout per change, for layouts whose
    /// relayout is cheap.
    /// - Complexity: k calls of ``replaceItems(in:with:)``.
    public mutating func resizeItems(_ changes: [(index: Int, size: ItemSize)]) {
        for (index, size) in changes { replaceItems(in: index..<index + 1, with: CollectionOfOne(size)) }
    }

    /// By default the layout lays out at once: ``prepare(for:with:)``.
    public mutating func prepareDeferringLayout(for containerSize: CGSize, with metrics: LayoutMetrics) {
        prepare(for: containerSize, with: metrics)
    }

    /// By default every item is laid out.
    public var laidOutCount: Int { itemCount }

    /// By default there is nothing to lay out.
    public mutating func layOut(upTo index: Int) {}

    /// By default there is nothing to lay out.
    public mutating func layOut(covering rect: CGRect) {}

    /// By default there is nothing to lay out.
    public mutating func continueLayout(itemBudget: Int) -> Bool { true }

    /// By default the items up to `index` are laid out: ``layOut(upTo:)`` `index + 1`.
    public mutating func layOut(around index: Int, clearance: CGFloat, itemBudget: Int) {
        layOut(upTo: index + 1)
    }

    /// By default placement never moves content.
    public mutating func takeLayoutShift() -> LayoutShift? { nil }

    /// By default nothing is laid out ahead of the laid-out items.
    public var islandRange: Range<Int>? { nil }

    /// By default an append may move existing items (a circle spreads its items over the count).
    public var appendingKeepsFrames: Bool { false }

    /// The minimum of `frame(at:).minY` over `range` (`minX` for a horizontal layout).
    /// - Complexity: O(range.count) frame look-ups.
    public func leadingEdge(ofItemsIn range: Range<Int>) -> CGFloat {
        var lowest = CGFloat.infinity
        for index in range {
            let frame = frame(at: index)
            lowest = Swift.min(lowest, scrollAxis == .horizontal ? frame.minX : frame.minY)
        }
        return lowest
    }

    /// By default the item count stays and nothing is stored per item: a layout whose frames
    /// depend only on the index (a carousel, a circle) has nothing to move.
    public mutating func moveItem(from source: Int, to destination: Int) {}

    /// By default the layout has no single item width.
    public var cellWidth: CGFloat { 0 }

    /// Collects ``forEachIndex(in:_:)`` and sorts it.
    /// - Complexity: O(q + k log k), where q is the cost of the query and k the items found.
    public func layoutAttributes(in rect: CGRect) -> [LayoutAttributes] {
        var indices: [Int] = []
        forEachIndex(in: rect) { indices.append($0) }
        indices.sort()
        return indices.map(layoutAttributes(at:))
    }

    /// Searches the items around `point` and returns the one with the highest z-index whose
    /// frame contains the point (`CGRect.contains` semantics); ties go to the lower index.
    /// - Complexity: that of a ``forEachIndex(in:_:)`` query for a 1×1 rectangle.
    public func index(at point: CGPoint) -> Int? {
        var hit: LayoutAttributes?
        forEachIndex(in: CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)) { index in
            let attributes = layoutAttributes(at: index)
            guard attributes.frame.contains(point) else { return }
            if let best = hit, best.zIndex > attributes.zIndex
                || (best.zIndex == attributes.zIndex && best.index < attributes.index) { return }
            hit = attributes
        }
        return hit?.index
    }
}

extension CGRect {
    /// Open intersection, the visibility rule of ``CollectionLayout``: the rectangles share
    /// interior area, or a zero-size rectangle lies strictly inside the other.
    public func overlaps(_ other: CGRect) -> Bool {
        maxX > other.minX && minX < other.maxX && maxY > other.minY && minY < other.maxY
    }
}
