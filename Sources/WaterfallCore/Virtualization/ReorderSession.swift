/// A reorder drag in progress: the lifted item's cell, held outside the live set while it
/// follows the pointer, where the pointer holds it, and the landing place the other items are
/// shown around.
///
/// The layout does not change during the drag. The session answers the live set's questions
/// (frames, queries, the content size) as the items would be if the lifted item moved from
/// ``source`` to ``destination``, still under their indices before the move — so live cells,
/// the data source's indices and the selection stay what they were, and only frames change.
/// The lifted item is a hole: queries never report it, and its frame is the place it would
/// land in.
///
/// For the waterfall the frames come from ``WaterfallLayout/previewMove(from:to:through:)``,
/// placed only down to ``limit`` (a viewport past what the view model shows, along the scroll
/// axis: below it, or right of it for rows), so a drag step
/// costs the items on screen even at the top of a million items; the view model places it
/// further as it scrolls. Items below the limit whose place is not known yet are reported
/// nowhere and framed just below it. Other layouts place items by index alone: an item's frame
/// is the frame of its position after the move.
struct ReorderSession {
    /// The lifted item (its index before the move) and its cell; its attributes are those it
    /// had when lifted.
    var lifted: LiveCell
    /// The pointer, relative to the viewport.
    var pointer: Point
    /// The pointer's distance from the lifted item's top-left corner when it was lifted.
    var grab: Size
    /// The item under the pointer that last chose the landing place, so that hovering it does
    /// not choose again after the items reflow.
    var lastHit: Int?
    /// Where the lifted item would land (its index after the move).
    var destination: Int
    /// The waterfall's preview of the move, `nil` for other layouts.
    private var preview: MovePreview?
    /// The content coordinate along the scroll axis down to which ``preview`` is placed.
    private var limit: Double = 0
    /// The waterfall's scroll axis, along which the preview is placed and moves segments.
    private var axis = ScrollAxis.vertical

    /// Lifts `lifted`, landing where it is.
    init(lifted: LiveCell, pointer: Point, grab: Size) {
        self.lifted = lifted
        self.pointer = pointer
        self.grab = grab
        destination = lifted.index
    }

    /// The lifted item's index.
    var source: Int { lifted.index }

    /// The move the session shows.
    var move: ItemUpdate { .move(from: source, to: destination) }

    /// Places the waterfall's preview of the move in `layout` down to `end` plus `slack`.
    /// - Complexity: O(c log n + p log c) for the p items from `min(source, destination)` to
    ///   the limit; O(1) for other layouts.
    mutating func place(in layout: any CollectionLayout, downTo end: Double, slack: Double) {
        guard source < layout.itemCount, destination < layout.itemCount,
              let waterfall = layout as? WaterfallCollectionLayout else { return preview = nil }
        limit = end + max(slack, 1)
        axis = waterfall.scrollAxis
        preview = waterfall.engine.previewMove(from: source, to: destination, through: limit)
    }

    /// Whether `window` reaches past the placed preview along the scroll axis.
    func needsPlacing(for window: Rect) -> Bool {
        preview.map { !$0.isComplete && axis.position(of: Point(x: window.maxX, y: window.maxY)) > limit } ?? false
    }

    /// The content size after the move: the preview's length along the scroll axis when it
    /// reached the end, else the layout's.
    func contentSize(of layout: any CollectionLayout) -> Size {
        let size = layout.contentSize
        guard let length = preview?.contentHeight else { return size }
        return axis == .horizontal ? Size(width: length, height: size.height) : Size(width: size.width, height: length)
    }

    /// The frame of the item at `index` after the move.
    /// - Complexity: O(1).
    func frame(at index: Int, in layout: any CollectionLayout) -> Rect {
        let position = move.map(index) ?? index
        guard let preview else { return layout.frame(at: position) }
        if position < preview.lowerBound { return layout.frame(at: index) }
        if position - preview.lowerBound < preview.placed.count { return preview.placed[position - preview.lowerBound] }
        let frame = layout.frame(at: index)
        if let shift = preview.blockShift, position >= shift.position { return axis.moving(frame, by: shift.distance) }
        return axis.moving(frame, by: max(0, limit - axis.position(of: frame.origin)))
    }

    /// The attributes of the item at `index` after the move.
    /// - Complexity: O(1).
    func attributes(at index: Int, in layout: any CollectionLayout) -> LayoutAttributes {
        guard preview == nil else { return LayoutAttributes(index: index, frame: frame(at: index, in: layout)) }
        var attributes = layout.layoutAttributes(at: move.map(index) ?? index)
        attributes.index = index
        return attributes
    }

    /// Calls `body` for every item but the lifted one whose frame after the move overlaps `rect`.
    /// - Complexity: the layout's query, plus O(p) for the p items the preview placed.
    func forEachIndex(in rect: Rect, of layout: any CollectionLayout, _ body: (Int) -> Void) {
        let (lifted, move) = (source, move)
        // The item at a position after the move, by its index before it; the lifted one is a hole.
        func report(position: Int) {
            let index = move.inverse.map(position) ?? position
            if index != lifted { body(index) }
        }
        guard let preview else { return layout.forEachIndex(in: rect, report(position:)) }
        let lower = preview.lowerBound
        layout.forEachIndex(in: rect) { index in
            if index < lower { body(index) }
        }
        for (offset, frame) in preview.placed.enumerated() where frame.overlaps(rect) { report(position: lower + offset) }
        guard let shift = preview.blockShift else { return }
        layout.forEachIndex(in: axis.moving(rect, by: -shift.distance)) { index in
            if index >= shift.position { body(index) }
        }
    }

    /// The item under `point` (content coordinates) after the move, other than the lifted one.
    /// - Complexity: that of ``forEachIndex(in:of:_:)`` for a 1-point square.
    func index(at point: Point, in layout: any CollectionLayout) -> Int? {
        guard preview != nil else {
            let index = layout.index(at: point).map { move.inverse.map($0) ?? $0 }
            return index == source ? nil : index
        }
        var hit: Int?
        forEachIndex(in: Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1), of: layout) { index in
            if hit == nil, frame(at: index, in: layout).contains(point) { hit = index }
        }
        return hit
    }
}
