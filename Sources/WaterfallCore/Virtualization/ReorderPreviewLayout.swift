import Foundation

/// The layout a view model shows during a reorder drag: its layout's items as they would be if
/// the lifted item moved from `source` to `destination`, still under their indices before the
/// move — so live cells, the data source's indices and the selection stay what they were, and
/// only frames change. The lifted item is a hole: queries never report it, and its frame is
/// the place it would land in.
///
/// For the waterfall the frames come from ``WaterfallLayout/previewMove(from:to:through:)``,
/// placed only down to ``limit`` (the end of what the view model shows, plus some slack), so
/// a drag step costs the items on screen even at the top of a million items; the view model
/// extends the limit through ``invalidate(forBoundsChange:)`` as it scrolls. Items below the
/// limit whose place is not known yet are reported nowhere and framed just below it. Other
/// layouts place items by index alone: an item's frame is the frame of its position after
/// the move.
struct ReorderPreviewLayout: CollectionLayout {
    /// The layout being previewed, unchanged.
    private(set) var base: any CollectionLayout
    /// The lifted item's index.
    let source: Int
    /// Where it would land.
    private(set) var destination: Int
    /// How far beyond the viewport's end the view model queries (its overscan).
    let reach: CGFloat
    /// The content y down to which the waterfall preview is placed.
    private(set) var limit: CGFloat = 0
    /// The waterfall preview, `nil` for other layouts.
    private(set) var preview: MovePreview?
    /// The viewport the preview was last placed for.
    private var bounds: CGRect

    /// Previews `base` with the item at `source` lifted and landing at `destination`, placed
    /// for a viewport at `bounds` queried `reach` beyond its end.
    /// - Complexity: that of one preview placement (see ``refresh()``).
    init(base: any CollectionLayout, source: Int, destination: Int, bounds: CGRect, reach: CGFloat) {
        self.base = base
        self.source = source
        self.destination = destination
        self.bounds = bounds
        self.reach = reach.isFinite ? max(0, reach) : 0
        refresh()
    }

    /// Lands the lifted item at `destination` instead.
    /// - Complexity: that of one preview placement (see ``refresh()``).
    mutating func land(at destination: Int) {
        self.destination = destination
        refresh()
    }

    /// Places the waterfall preview down to a viewport height below the realized window's end.
    /// - Complexity: O(c log n + p log c) for the p items from `min(source, destination)` to the
    ///   limit; O(1) for other layouts.
    private mutating func refresh() {
        guard source < base.itemCount, destination < base.itemCount,
              let waterfall = base as? WaterfallCollectionLayout else {
            preview = nil
            return
        }
        limit = bounds.maxY + reach + max(bounds.height, 1)
        preview = waterfall.engine.previewMove(from: source, to: destination, through: limit)
    }

    /// The position after the move of the item at `index` before it.
    private func position(of index: Int) -> Int {
        ItemUpdate.move(from: source, to: destination).map(index) ?? index
    }

    var scrollAxis: ScrollAxis { base.scrollAxis }
    var itemCount: Int { base.itemCount }
    var cellWidth: CGFloat { base.cellWidth }

    /// The preview's content height when it reached the end, else the layout's.
    var contentSize: CGSize {
        let size = base.contentSize
        guard let height = preview?.contentHeight else { return size }
        return CGSize(width: size.width, height: height)
    }

    /// Forwards, then places the preview again.
    mutating func prepare(for containerSize: CGSize, with metrics: LayoutMetrics) {
        base.prepare(for: containerSize, with: metrics)
        refresh()
    }

    /// Forwards, then places the preview again (the view model takes the preview down around
    /// batch updates, so the indices stay valid; otherwise the preview stops).
    mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize {
        base.replaceItems(in: range, with: sizes)
        refresh()
    }

    /// Forwards, then places the preview again.
    mutating func resizeItems(_ changes: [(index: Int, size: ItemSize)]) {
        base.resizeItems(changes)
        refresh()
    }

    /// Forwards, then places the preview again.
    mutating func moveItem(from source: Int, to destination: Int) {
        base.moveItem(from: source, to: destination)
        refresh()
    }

    /// The item's frame after the move (see the type's description for items below the limit).
    /// - Complexity: O(1).
    func frame(at index: Int) -> CGRect {
        let position = position(of: index)
        guard let preview else { return base.frame(at: position) }
        if position < preview.lowerBound { return base.frame(at: index) }
        if position - preview.lowerBound < preview.placed.count { return preview.placed[position - preview.lowerBound] }
        let frame = base.frame(at: index)
        if let shift = preview.blockShift, position >= shift.position { return frame.offsetBy(dx: 0, dy: shift.distance) }
        return CGRect(x: frame.minX, y: max(frame.minY, limit), width: frame.width, height: frame.height)
    }

    /// The item's attributes after the move.
    /// - Complexity: O(1).
    func layoutAttributes(at index: Int) -> LayoutAttributes {
        guard preview == nil else { return LayoutAttributes(index: index, frame: frame(at: index)) }
        var attributes = base.layoutAttributes(at: position(of: index))
        attributes.index = index
        return attributes
    }

    /// Every item but the lifted one whose frame after the move overlaps `rect`.
    /// - Complexity: the layout's query, plus O(p) for the p items the preview placed.
    func forEachIndex(in rect: CGRect, _ body: (Int) -> Void) {
        let lifted = source
        guard let preview else {
            let move = ItemUpdate.move(from: source, to: destination)
            base.forEachIndex(in: rect) { position in
                let index = move.unmap(position) ?? position
                if index != lifted { body(index) }
            }
            return
        }
        let lower = preview.lowerBound
        base.forEachIndex(in: rect) { index in
            if index < lower { body(index) }
        }
        for (offset, frame) in preview.placed.enumerated() where frame.overlaps(rect) {
            let index = preview.index(atPosition: lower + offset)
            if index != lifted { body(index) }
        }
        guard let shift = preview.blockShift else { return }
        base.forEachIndex(in: rect.offsetBy(dx: 0, dy: -shift.distance)) { index in
            if index >= shift.position { body(index) }
        }
    }

    /// Whether `newBounds` needs the preview placed further down (or the layout itself asks).
    func shouldInvalidate(forBoundsChange newBounds: CGRect) -> Bool {
        if base.shouldInvalidate(forBoundsChange: newBounds) { return true }
        guard let preview, !preview.isComplete else { return false }
        return newBounds.maxY + reach > limit
    }

    /// Forwards when the layout asks, and places the preview for `newBounds`.
    mutating func invalidate(forBoundsChange newBounds: CGRect) {
        if base.shouldInvalidate(forBoundsChange: newBounds) { base.invalidate(forBoundsChange: newBounds) }
        bounds = newBounds
        refresh()
    }

    /// The layout's resting offset.
    func targetContentOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        base.targetContentOffset(forProposed: proposed, velocity: velocity)
    }
}
