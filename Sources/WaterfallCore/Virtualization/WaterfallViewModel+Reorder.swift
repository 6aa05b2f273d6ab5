import Foundation

/// The drag in progress and how auto-scroll behaves, kept by the view model.
struct ReorderState {
    /// The lifted item, while a drag runs.
    var drag: ReorderDrag?
    /// How close to the viewport's leading or trailing edge the pointer starts auto-scrolling.
    var edgeDistance: CGFloat = 64
    /// The auto-scroll speed with the pointer at (or past) the edge, in points per second.
    var maximumSpeed: CGFloat = 1600
}

/// One reorder drag: the lifted item's cell, held outside the live set while it follows the
/// pointer, and where the pointer holds it.
struct ReorderDrag {
    /// The lifted item (its index before the move) and its cell; its attributes are those it
    /// had when lifted.
    var lifted: LiveCell
    /// The pointer, relative to the viewport.
    var pointer: CGPoint
    /// The pointer's distance from the lifted item's top-left corner when it was lifted.
    var grab: CGSize
    /// The item under the pointer that last chose the landing place, so that hovering it does
    /// not choose again after the items reflow.
    var lastHit: Int?
}

extension WaterfallViewModel {
    /// The lifted item's z-index while it follows the pointer: above every item.
    public static var liftedZIndex: Int { 1 << 20 }
    /// How much the lifted item is scaled while it follows the pointer.
    public static var liftedScale: CGFloat { 1.04 }

    /// Whether the data source lets the user move the item at `index` (its
    /// ``WaterfallDataSource/waterfallView(_:canMoveItemAt:)``; `false` without a data source
    /// or for an index outside the items, or when ``layoutOverrides`` turn reordering off).
    /// Reordering is off until the data source says yes.
    public func canMoveItem(at index: Int) -> Bool {
        guard layoutOverrides.allowsReordering, index >= 0, index < layout.itemCount, let dataSource else { return false }
        return dataSource.waterfallView(self, canMoveItemAt: index)
    }

    /// Whether a reorder drag is in progress.
    public var isReordering: Bool { reorder.drag != nil }

    /// The lifted item's index (before the move), while a drag is in progress.
    public var liftedIndex: Int? { reorder.drag?.lifted.index }

    /// Where the lifted item would land if dropped now (its index after the move), while a
    /// drag is in progress; the other items are laid out around it.
    public var reorderDestination: Int? { (layout as? ReorderPreviewLayout)?.destination }

    /// The lifted item's cell, while a drag is in progress (it is not among the live cells:
    /// ``cell(at:)`` does not find it).
    public var liftedCell: Cell? { reorder.drag?.lifted.cell(as: Cell.self) }

    /// Where the lifted item is drawn, relative to the viewport: at the pointer, where it was
    /// grabbed, above every item (``liftedZIndex``) and slightly larger (``liftedScale``).
    /// The host is told through ``WaterfallHosting/place(_:attributes:)`` at every pointer move.
    public var liftedAttributes: LayoutAttributes? {
        guard let drag = reorder.drag else { return nil }
        let size = drag.lifted.attributes.frame.size
        return LayoutAttributes(
            index: drag.lifted.index,
            frame: CGRect(x: drag.pointer.x - drag.grab.width, y: drag.pointer.y - drag.grab.height,
                          width: size.width, height: size.height),
            scale: Self.liftedScale, zIndex: Self.liftedZIndex)
    }

    /// How close to the viewport's edge along the scroll axis the pointer starts auto-scrolling
    /// (default 64 points; at most a third of the viewport is used).
    public var reorderEdgeDistance: CGFloat {
        get { reorder.edgeDistance }
        set { reorder.edgeDistance = newValue.isFinite ? max(0, newValue) : 0 }
    }

    /// The auto-scroll speed with the pointer at or past the edge, in points per second
    /// (default 1,600); it grows with the square of the pointer's closeness to the edge.
    public var reorderMaximumScrollSpeed: CGFloat {
        get { reorder.maximumSpeed }
        set { reorder.maximumSpeed = newValue.isFinite ? max(0, newValue) : 0 }
    }

    /// Lifts the item under `point` (relative to the viewport) when the data source lets it
    /// move: see ``beginReorder(ofItemAt:pointer:)``.
    /// - Returns: whether an item was lifted.
    /// - Complexity: that of ``beginReorder(ofItemAt:pointer:)``.
    @discardableResult
    public func beginReorder(at point: CGPoint) -> Bool {
        guard point.x.isFinite, point.y.isFinite,
              let index = layout.index(at: contentPoint(atViewportPoint: point))
        else { return false }
        return beginReorder(ofItemAt: index, pointer: point)
    }

    /// Lifts the item at `index`, held by the pointer at `pointer` (relative to the viewport):
    /// its cell leaves the live set and follows the pointer (``liftedAttributes``), and its
    /// place becomes the landing place, a hole the other items are laid out around. Move the
    /// pointer with ``moveReorder(to:)``, drop with ``endReorder()``, cancel with
    /// ``cancelReorder()``.
    ///
    /// Does nothing (returns `false`) while a drag is in progress, before the first load, when
    /// the item is not live (on screen) or the data source does not let it move. While the
    /// layout is pending (``isLayoutPending``) it lays out every item first: the preview places
    /// items after the frames of those before them, wherever the pointer takes the lifted one.
    /// - Complexity: one preview placement — O(c log n + p log c) for the p items from `index`
    ///   to the end of the realized window — plus O(k log k); while the layout is pending, plus
    ///   O(w log c) for the w waiting items.
    @discardableResult
    public func beginReorder(ofItemAt index: Int, pointer: CGPoint) -> Bool {
        guard reorder.drag == nil, !needsReload, pointer.x.isFinite, pointer.y.isFinite,
              canMoveItem(at: index), let position = live.position(of: index) else { return false }
        finishPendingLayout()
        let lifted = live.remove(at: position)
        let frame = toViewport(lifted.attributes).frame
        reorder.drag = ReorderDrag(lifted: lifted, pointer: pointer,
                                   grab: CGSize(width: pointer.x - frame.minX, height: pointer.y - frame.minY))
        performChange(.reorderPreview) {
            layout = ReorderPreviewLayout(base: layout, source: index, destination: index,
                                          bounds: visibleBounds, reach: overscanReach)
        }
        placeLiftedCell()
        return true
    }

    /// The pointer holding the lifted item moved to `point` (relative to the viewport; points
    /// outside it count as on its nearest edge for choosing the landing place): the item
    /// follows it, and when the pointer is over another item the lifted one would land in that
    /// item's place — the items are laid out again around it. Ignored without a drag.
    /// - Returns: the transitions of the live items to their places around the new landing
    ///   place, for animation (empty when it did not change).
    /// - Complexity: O(k) without a new landing place; with one, a preview placement (O(c log n
    ///   + p log c) for the p items from the lower of the two indices to the end of the realized
    ///   window) plus O(k log k).
    @discardableResult
    public func moveReorder(to point: CGPoint) -> [ItemTransition] {
        guard reorder.drag != nil, point.x.isFinite, point.y.isFinite else { return [] }
        reorder.drag?.pointer = point
        placeLiftedCell()
        return chooseLandingPlace()
    }

    /// The auto-scroll velocity the pointer asks for now, in points per second along the
    /// scroll axis (negative toward the start): non-zero while the pointer is within
    /// ``reorderEdgeDistance`` of the viewport's edge (or past it) and the content can scroll
    /// that way, growing with the square of its closeness up to ``reorderMaximumScrollSpeed``.
    public var reorderScrollVelocity: CGFloat {
        guard let drag = reorder.drag, layout.scrollAxis != .none else { return 0 }
        let horizontal = layout.scrollAxis == .horizontal
        let length = horizontal ? viewportSize.width : viewportSize.height
        // Along the scroll axis from the viewport's leading edge (its right one, mirrored).
        let reach = contentPoint(atViewportPoint: drag.pointer)
        let pointer = horizontal ? reach.x - contentOffset.x : reach.y - contentOffset.y
        let offset = horizontal ? contentOffset.x : contentOffset.y
        let content = horizontal ? layout.contentSize.width : layout.contentSize.height
        let edge = min(reorder.edgeDistance, length / 3)
        guard edge > 0 else { return 0 }
        func speed(_ depth: CGFloat) -> CGFloat {
            let closeness = min(1, max(0, depth / edge))
            return reorder.maximumSpeed * closeness * closeness
        }
        if pointer < edge, offset > 0 { return -speed(edge - pointer) }
        if pointer > length - edge, offset < content - length { return speed(pointer - (length - edge)) }
        return 0
    }

    /// One auto-scroll frame: scrolls by ``reorderScrollVelocity`` × `seconds` (at most 0.1 s,
    /// so a stalled frame does not jump) within the scroll range, then chooses the landing
    /// place under the pointer again, as the content moved under it. The host calls it every
    /// frame while the velocity is not zero.
    /// - Returns: the transitions of a new landing place, as ``moveReorder(to:)``.
    /// - Complexity: a scroll step plus, with a new landing place, that of ``moveReorder(to:)``.
    @discardableResult
    public func stepReorderAutoScroll(seconds: Double) -> [ItemTransition] {
        let velocity = reorderScrollVelocity
        guard velocity != 0, seconds.isFinite, seconds > 0 else { return [] }
        let distance = velocity * CGFloat(min(seconds, 0.1))
        let horizontal = layout.scrollAxis == .horizontal
        scrollToOffset(CGPoint(x: contentOffset.x + (horizontal ? distance : 0),
                               y: contentOffset.y + (horizontal ? 0 : distance)))
        return chooseLandingPlace()
    }

    /// Drops the lifted item where it would land: the data source's
    /// ``WaterfallDataSource/waterfallView(_:moveItemFrom:to:)`` is told first (unless it lands
    /// where it was), then the layout moves the item — one relayout from the lower of the two
    /// indices — and the items keep the places the drag showed. The selection and the focus
    /// follow their items. Ignored without a drag.
    /// - Returns: the transitions of the live items, the dropped one from the pointer to its
    ///   place, for animation.
    /// - Complexity: the layout's move, O(c log n + (n − min) · log c) for the waterfall, plus
    ///   O(k log k).
    @discardableResult
    public func endReorder() -> [ItemTransition] {
        guard let destination = reorderDestination else { return [] }
        return finishReorder(landingAt: destination)
    }

    /// Cancels the drag (Escape): nothing moves, the lifted item goes back to its place and
    /// the other items to theirs. Ignored without a drag.
    /// - Returns: the transitions of the live items back to their places, for animation.
    /// - Complexity: O(c log n + k log k).
    @discardableResult
    public func cancelReorder() -> [ItemTransition] {
        guard let drag = reorder.drag else { return [] }
        return finishReorder(landingAt: drag.lifted.index)
    }

    /// Moves the item at `index` by `offset` positions (the keyboard's move shortcut: −1 for
    /// the previous position, +1 for the next), limited to the items, through the data source
    /// as a drop does; the selection and the focus follow their items. Does nothing while a
    /// drag is in progress, for an index outside the items, when the data source does not let
    /// the item move, or when the move would leave it where it is.
    /// - Returns: the item's new index and the transitions of the live items, or `nil` when
    ///   nothing moved.
    /// - Complexity: as ``endReorder()``.
    @discardableResult
    public func moveItem(at index: Int, by offset: Int) -> (index: Int, transitions: [ItemTransition])? {
        guard reorder.drag == nil, !needsReload, canMoveItem(at: index) else { return nil }
        let (sum, overflow) = index.addingReportingOverflow(offset)
        let destination = overflow ? (offset > 0 ? layout.itemCount - 1 : 0) : min(max(sum, 0), layout.itemCount - 1)
        guard destination != index else { return nil }
        return (destination, commitMove(from: index, to: destination))
    }

    // MARK: Internals

    /// Tells the host where the lifted item is drawn.
    private func placeLiftedCell() {
        guard let drag = reorder.drag, let attributes = liftedAttributes else { return }
        host?.place(drag.lifted.cell(as: Cell.self), attributes: attributes)
    }

    /// Chooses the landing place under the pointer: the place of the item under it (other than
    /// the one that chose last), or the last place when the pointer is below every item.
    /// - Returns: the transitions when the landing place changed.
    private func chooseLandingPlace() -> [ItemTransition] {
        guard let drag = reorder.drag, var preview = layout as? ReorderPreviewLayout else { return [] }
        let inside = CGPoint(x: min(max(drag.pointer.x, 0), max(0, viewportSize.width - 1)),
                             y: min(max(drag.pointer.y, 0), max(0, viewportSize.height - 1)))
        guard let hit = layout.index(at: contentPoint(atViewportPoint: inside)) else {
            reorder.drag?.lastHit = nil
            return []
        }
        guard hit != drag.lastHit else { return [] }
        reorder.drag?.lastHit = hit
        let destination = ItemUpdate.move(from: preview.source, to: preview.destination).map(hit) ?? hit
        guard destination != preview.destination else { return [] }
        preview.land(at: destination)
        return performChange(.reorderPreview) { layout = preview }
    }

    /// Ends the drag with the lifted item at `destination` (its own index: a cancel).
    private func finishReorder(landingAt destination: Int) -> [ItemTransition] {
        guard let drag = reorder.drag, let lifted = liftedAttributes, takeDownPreview() else { return [] }
        reorder.drag = nil
        // The lifted cell rejoins the live set where it was drawn, so that its transition
        // starts at the pointer.
        var entry = drag.lifted
        entry.attributes = toContent(lifted)
        live.insert(entry)
        return commitMove(from: entry.index, to: destination)
    }

    /// Moves an item in the data source and the layout (when it moves at all) through the
    /// change pipeline, which renumbers the live cells, the selection, the focus and pending
    /// size changes and keeps the scroll offset.
    /// - Returns: the transitions of the live items.
    private func commitMove(from source: Int, to destination: Int) -> [ItemTransition] {
        performChange(.move(from: source, to: destination)) {
            guard source != destination else { return }
            dataSource?.waterfallView(self, moveItemFrom: source, to: destination)
            layout.moveItem(from: source, to: destination)
            moveSectionHeader(from: source, to: destination)
        }
    }

    /// Makes the previewed layout the layout again. Its own function, so that no copy of the
    /// preview outlives the call: the layout's storage is then uniquely referenced, and the
    /// move that follows does not copy a million items first.
    /// - Returns: whether there was a preview.
    private func takeDownPreview() -> Bool {
        guard let preview = layout as? ReorderPreviewLayout else { return false }
        layout = preview.base
        return true
    }

    /// Takes the preview down for a batch update: the layout is the real one again and the
    /// lifted cell stays out of the live set.
    /// - Returns: the drag and its landing place, to resume with ``resumeReorder(_:through:)``.
    func suspendReorder() -> (drag: ReorderDrag, destination: Int)? {
        guard let drag = reorder.drag, let destination = reorderDestination, takeDownPreview() else { return nil }
        reorder.drag = nil
        return (drag, destination)
    }

    /// Resumes a drag after a batch update: the lifted item and its landing place follow the
    /// updates (a landing place that no longer exists becomes the last); when the update
    /// deleted the lifted item, the drag ends and its cell goes to the pool.
    func resumeReorder(_ suspended: (drag: ReorderDrag, destination: Int)?, through updates: [ItemUpdate]) {
        guard var drag = suspended?.drag, let destination = suspended?.destination else { return }
        let count = layout.itemCount
        guard let source = updates.trace(drag.lifted.index).index else {
            recycle(drag.lifted.cell(as: Cell.self))
            return
        }
        let landing = updates.trace(destination).index ?? destination
        drag.lifted.index = source
        drag.lastHit = nil
        recycleLiveCell(index: source)   // the update may have realized it again at its old place
        finishPendingLayout()   // the update may have ended the laid-out prefix above the drag
        reorder.drag = drag
        performChange(.reorderPreview) {
            layout = ReorderPreviewLayout(base: layout, source: source, destination: min(max(landing, 0), count - 1),
                                          bounds: visibleBounds, reach: overscanReach)
        }
        placeLiftedCell()
    }

    /// Ends a drag without moving anything or animating (a reload, a layout switch, detaching):
    /// the lifted cell rejoins the live set at its own index, for the caller to handle.
    func abandonReorder() {
        guard let drag = reorder.drag, takeDownPreview() else { return }
        reorder.drag = nil
        live.insert(drag.lifted)
    }
}
