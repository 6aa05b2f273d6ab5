/// ``WaterfallLayout`` as a ``CollectionLayout`` (columns scrolling vertically, or rows
/// scrolling horizontally): a thin wrapper that forwards to the engine,
/// so the view model drives the masonry layout at the engine's speed (O(c log n + k) window
/// queries, O(log n) hit tests, suffix-only edits).
public struct WaterfallCollectionLayout: IncrementalLayout, Sendable {
    /// The wrapped engine; configure placement, direction or axis here.
    public var engine: WaterfallLayout

    /// Wraps an engine (by default an empty one with the seeds' settings).
    public init(_ engine: WaterfallLayout = WaterfallLayout()) {
        self.engine = engine
    }

    /// ``ScrollAxis/vertical`` for columns, ``ScrollAxis/horizontal`` for rows (the engine's
    /// ``WaterfallLayout/axis``).
    public var scrollAxis: ScrollAxis { engine.axis == .horizontal ? .horizontal : .vertical }

    /// The engine's item count.
    public var itemCount: Int { engine.count }

    /// The engine's content size.
    /// - Complexity: O(c).
    public var contentSize: Size { engine.contentSize }

    /// The engine's ``WaterfallLayout/leadingEdge(ofItemsIn:)``.
    /// - Complexity: O(range.count).
    public func leadingEdge(ofItemsIn range: Range<Int>) -> Double { engine.leadingEdge(ofItemsIn: range) }

    /// The engine's column width; 0 for rows, whose items have no single width.
    public var cellWidth: Double { engine.axis == .horizontal ? 0 : engine.columnWidth }

    /// Sets the engine's container width (for rows, the container's height), columns, insets,
    /// spacings and direction with at most one relayout — a resize that changes both the width
    /// and the column count lays out once.
    /// - Complexity: O(1) when nothing changed, else one O(n log c) relayout.
    public mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics) {
        engine.configure { Self.apply(metrics, containerSize, to: &$0) }
    }

    /// Like ``prepare(for:with:)``, through ``WaterfallLayout/configureDeferringLayout(_:)``:
    /// a width (for rows, height) or column change drops every frame and places nothing yet.
    /// - Complexity: O(c).
    public mutating func prepareDeferringLayout(for containerSize: Size, with metrics: LayoutMetrics) {
        engine.configureDeferringLayout { Self.apply(metrics, containerSize, to: &$0) }
    }

    /// The engine's ``WaterfallLayout/placedCount``.
    public var placedCount: Int { engine.placedCount }

    /// Forwards to ``WaterfallLayout/place(covering:)``.
    /// - Complexity: O(c log n + k log c) for the k items placed.
    public mutating func place(covering rect: Rect) { engine.place(covering: rect) }

    /// Forwards to ``WaterfallLayout/continueLayout(itemBudget:)``.
    /// - Complexity: O(c log n + itemBudget · log c).
    public mutating func continueLayout(itemBudget: Int) -> Bool { engine.continueLayout(itemBudget: itemBudget) }

    /// Forwards to ``WaterfallLayout/place(around:clearance:itemBudget:)``.
    /// - Complexity: O(c log n + k log c) for the k items placed, about `itemBudget` at most
    ///   before an island.
    public mutating func place(around index: Int, clearance: Double, itemBudget: Int) {
        engine.place(around: index, clearance: clearance, itemBudget: itemBudget)
    }

    /// Forwards to ``WaterfallLayout/takeLayoutShift()``.
    /// - Complexity: O(1).
    public mutating func takeLayoutShift() -> LayoutShift? { engine.takeLayoutShift() }

    /// The engine's ``WaterfallLayout/islandRange``.
    public var islandRange: Range<Int>? { engine.islandRange }

    /// Copies the settings of `metrics` and the container's extent across the columns (its
    /// width, or its height for rows) that differ into `engine`.
    private static func apply(_ metrics: LayoutMetrics, _ containerSize: Size, to engine: inout WaterfallLayout) {
        let length = engine.axis == .horizontal ? containerSize.height : containerSize.width
        if engine.containerWidth != length { engine.containerWidth = length }
        if engine.columns != metrics.columns { engine.columns = metrics.columns }
        if engine.insets != metrics.insets { engine.insets = metrics.insets }
        if engine.columnSpacing != metrics.columnSpacing { engine.columnSpacing = metrics.columnSpacing }
        if engine.rowSpacing != metrics.rowSpacing { engine.rowSpacing = metrics.rowSpacing }
        if engine.direction != metrics.direction { engine.direction = metrics.direction }
    }

    /// Forwards to ``WaterfallLayout/replaceSubrange(_:with:)``; an append places only the new items.
    /// - Complexity: O(c log n + (n − range.lowerBound) · log c).
    public mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C)
    where C.Element == ItemSize {
        // Called through the protocol, this generic method runs unspecialized: hand the engine
        // a buffer (a concrete type) when there is one, so its loops over the sizes are
        // specialized instead of going through the collection's witnesses per item.
        let buffered: Void? = sizes.withContiguousStorageIfAvailable { buffer in
            replaceEngineItems(in: range, with: buffer)
        }
        if buffered == nil { replaceEngineItems(in: range, with: sizes) }
    }

    /// Appends when `range` is at the end, else replaces.
    private mutating func replaceEngineItems<C: Collection>(in range: Range<Int>, with sizes: C)
    where C.Element == ItemSize {
        if range.lowerBound == engine.count {
            engine.append(contentsOf: sizes)
        } else {
            engine.replaceSubrange(range, with: sizes)
        }
    }

    /// Forwards to ``WaterfallLayout/moveItem(from:to:)``: one relayout from the lower index
    /// (while placement is pending, the engine lays every item out first).
    /// - Complexity: O(|source − destination| + c log n + (n − min) · log c), plus
    ///   O(w log c) for the w items still waiting for placement.
    public mutating func moveItem(from source: Int, to destination: Int) {
        engine.moveItem(from: source, to: destination)
    }

    /// Forwards to ``WaterfallLayout/startBlock(at:)``.
    /// - Complexity: O(c log n + b) for b blocks.
    public mutating func startBlock(at index: Int) { engine.startBlock(at: index) }

    /// Forwards to ``WaterfallLayout/resizeItems(_:)``: one suffix relayout for the whole batch.
    /// - Complexity: O(k + c log n + (n − i) · log c) for k changes whose lowest index is i.
    public mutating func resizeItems(_ changes: [(index: Int, size: ItemSize)]) {
        engine.resizeItems(changes)
    }

    /// The engine's frame.
    /// - Complexity: O(1).
    public func frame(at index: Int) -> Rect { engine.frame(at: index) }

    /// The engine's frame, unscaled and opaque.
    /// - Complexity: O(1).
    public func layoutAttributes(at index: Int) -> LayoutAttributes {
        LayoutAttributes(index: index, frame: engine.frame(at: index))
    }

    /// The engine's query along its axis, filtered across it so that the result is exactly the
    /// open intersection with `rect`.
    /// - Complexity: O(c log n + k) for k indices reported.
    public func forEachIndex(in rect: Rect, _ body: (Int) -> Void) {
        // Items are wider than 0 and lie within the container across the axis: for a rectangle
        // across all of it (a scroll window) the engine's query is exact, and nothing is copied.
        let (low, high) = engine.axis == .horizontal ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        if low <= 0, high >= engine.containerWidth, engine.columnWidth > 0 { return engine.forEachIndex(in: rect, body) }
        // A local the closure can borrow: capturing `self` copies the engine for every item.
        let engine = self.engine
        engine.forEachIndex(in: rect) { index in
            if engine.frame(at: index).overlaps(rect) { body(index) }
        }
    }

    /// The engine's hit test.
    /// - Complexity: O(log n).
    public func index(at point: Point) -> Int? { engine.index(at: point) }
}
