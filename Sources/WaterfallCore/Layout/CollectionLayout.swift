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
    public var columnSpacing: Double
    /// Space between rows (between consecutive items of a column).
    public var rowSpacing: Double
    /// The view's text direction: a vertical layout numbers its columns from the right when it
    /// is right to left; the view model shows every other layout mirrored in its viewport.
    public var direction: LayoutDirection

    /// Creates metrics; the defaults are the seeds': 3 columns, 8 pt everywhere, left to right.
    public init(columns: ColumnCount = .fixed(3), insets: EdgeInsets = EdgeInsets(all: 8),
                columnSpacing: Double = 8, rowSpacing: Double = 8,
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
/// `shouldInvalidateLayoutForBoundsChange:`; `targetContentOffsetForProposedContentOffset:` is
/// ``SnappingLayout``'s), as a value type that stores its own items.
///
/// All rectangles and points are in content coordinates: origin at the content's top-left,
/// y growing downward. Visibility uses open intersection: an item is *in* a rectangle when
/// `frame.maxX > rect.minX && frame.minX < rect.maxX && frame.maxY > rect.minY &&
/// frame.minY < rect.maxY` (see `Rect.overlaps(_:)` in this module). The view model's
/// scrolling diff relies on ``forEachIndex(in:_:)`` reporting exactly those items.
///
/// Conforming layouts: ``WaterfallCollectionLayout`` (masonry), ``CarouselLayout`` (horizontal,
/// offset-dependent scale) and ``CircleLayout`` (non-scrolling). What only a layout whose items'
/// places depend on the items before them needs is in the refinement ``IncrementalLayout``.
public protocol CollectionLayout {
    /// The axis the content scrolls along.
    var scrollAxis: ScrollAxis { get }
    /// The number of items the layout holds.
    var itemCount: Int { get }
    /// The size of the whole content.
    var contentSize: Size { get }
    /// The width items are laid out at when the layout has a single item width (the seeds'
    /// `cellWidth`, a waterfall's column width, a carousel's or circle's item width); 0 otherwise.
    var cellWidth: Double { get }

    /// Adopts the data source's columns, the delegate's margins and the view's direction
    /// (`metrics`; layouts without columns may use only the insets and spacings, or nothing) and
    /// lays items out for a viewport of `containerSize` (the seeds' `prepareLayout`), in one
    /// step. The view model calls it on every reload and viewport size change.
    mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics)
    /// Replaces the items in `range` with items of the given sizes: an insert when `range` is
    /// empty, a delete when `sizes` is empty. Layouts that ignore item sizes only track the count.
    mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize
    /// Gives existing items new sizes (indices in any order, the last size of a repeated index
    /// wins), relayouting once for the whole batch where the layout can.
    mutating func resizeItems(_ changes: [(index: Int, size: ItemSize)])

    /// The frame of the item at `index` (which must be valid), used for visibility and hit tests.
    func frame(at index: Int) -> Rect
    /// The full attributes of the item at `index` (which must be valid).
    func layoutAttributes(at index: Int) -> LayoutAttributes
    /// Calls `body` once for every index whose frame overlaps `rect` (open intersection), in
    /// any order, without allocating. This is the scrolling hot path.
    func forEachIndex(in rect: Rect, _ body: (Int) -> Void)
    /// The attributes of every item whose frame overlaps `rect`, by ascending index.
    func layoutAttributes(in rect: Rect) -> [LayoutAttributes]
    /// The topmost item whose frame contains `point`, or `nil`.
    func index(at point: Point) -> Int?

    /// Whether scrolling to `newBounds` (the viewport in content coordinates, same size as
    /// before) changes any item's attributes — true for layouts that scale items by their
    /// distance from the centre. The view model asks on every scroll step.
    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool
    /// Updates offset-dependent attributes for `newBounds`; called when
    /// ``shouldInvalidate(forBoundsChange:)`` returned true.
    mutating func invalidate(forBoundsChange newBounds: Rect)
}

/// A layout that chooses where scrolling comes to rest (the carousel centres an item); the view
/// model lets scrolling stop where it would for every other layout.
public protocol SnappingLayout: CollectionLayout {
    /// Where scrolling that would stop at `proposed`, moving at `velocity` (points per second),
    /// should come to rest — e.g. centred on an item for a carousel.
    func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point
}

extension CollectionLayout {
    /// By default nothing depends on the scroll offset.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { false }

    /// By default there is nothing to update.
    public mutating func invalidate(forBoundsChange newBounds: Rect) {}

    /// By default each change replaces its item: one relayout per change, for layouts whose
    /// relayout is cheap.
    /// - Complexity: k calls of ``replaceItems(in:with:)``.
    public mutating func resizeItems(_ changes: [(index: Int, size: ItemSize)]) {
        for (index, size) in changes { replaceItems(in: index..<index + 1, with: CollectionOfOne(size)) }
    }

    /// Collects ``forEachIndex(in:_:)`` and sorts it.
    /// - Complexity: O(q + k log k), where q is the cost of the query and k the items found.
    public func layoutAttributes(in rect: Rect) -> [LayoutAttributes] {
        var indices: [Int] = []
        forEachIndex(in: rect) { indices.append($0) }
        indices.sort()
        return indices.map(layoutAttributes(at:))
    }

    /// Searches the items around `point` and returns the one with the highest z-index whose
    /// frame contains the point (`Rect.contains` semantics); ties go to the lower index.
    /// - Complexity: that of a ``forEachIndex(in:_:)`` query for a 1×1 rectangle.
    public func index(at point: Point) -> Int? {
        // Ordered as the hits rank: the higher z-index, then the lower index.
        var best: (zIndex: Int, index: Int)?
        forEachIndex(in: Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)) { index in
            let attributes = layoutAttributes(at: index)
            guard attributes.frame.contains(point) else { return }
            let rank = (zIndex: -attributes.zIndex, index: index)
            if let current = best, current <= rank { return }
            best = rank
        }
        return best?.index
    }
}

extension Rect {
    /// Open intersection, the visibility rule of ``CollectionLayout``: the rectangles share
    /// interior area, or a zero-size rectangle lies strictly inside the other.
    public func overlaps(_ other: Rect) -> Bool {
        maxX > other.minX && minX < other.maxX && maxY > other.minY && minY < other.maxY
    }
}
