extension WaterfallViewModel {
    /// The lifted item's z-index while it follows the pointer: above every item.
    public static var liftedZIndex: Int { 1 << 20 }
    /// How much the lifted item is scaled while it follows the pointer.
    public static var liftedScale: Double { 1.04 }

    /// Whether the data source lets the user move the item at `index` (its
    /// ``WaterfallDataSource/waterfallView(_:canMoveItemAt:)``; `false` without a data source
    /// or for an index outside the items, or when the host's ``WaterfallHosting/layoutOverrides`` turn reordering off).
    /// Reordering is off until the data source says yes.
    public func canMoveItem(at index: Int) -> Bool {
        guard host?.layoutOverrides.allowsReordering ?? true, index >= 0, index < layout.itemCount, let dataSource else { return false }
        return dataSource.waterfallView(self, canMoveItemAt: index)
    }

    /// Whether a reorder drag is in progress.
    public var isReordering: Bool { reorder != nil }

    /// The lifted item's index (before the move), while a drag is in progress.
    public var liftedIndex: Int? { reorder?.source }

    /// Where the lifted item would land if dropped now (its index after the move), while a
    /// drag is in progress; the other items are laid out around it.
    public var reorderDestination: Int? { reorder?.destination }

    /// The lifted item's cell, while a drag is in progress (it is not among the live cells:
    /// ``cell(at:)`` does not find it).
    public var liftedCell: Cell? { reorder?.lifted.cell(as: Cell.self) }

    /// Where the lifted item is drawn, relative to the viewport: at the pointer, where it was
    /// grabbed, above every item (``liftedZIndex``) and slightly larger (``liftedScale``).
    /// The host is told through ``WaterfallHosting/place(_:attributes:)`` at every pointer move.
    public var liftedAttributes: LayoutAttributes? {
        guard let drag = reorder else { return nil }
        let corner = Point(x: drag.pointer.x - drag.grab.width, y: drag.pointer.y - drag.grab.height)
        return LayoutAttributes(index: drag.lifted.index, frame: Rect(origin: corner, size: drag.lifted.attributes.frame.size),
                                scale: Self.liftedScale, zIndex: Self.liftedZIndex)
    }

    /// Lifts the item under `point` (relative to the viewport) when the data source lets it
    /// move: see ``beginReorder(ofItemAt:pointer:)``.
    /// - Returns: whether an item was lifted.
    /// - Complexity: that of ``beginReorder(ofItemAt:pointer:)``.
    @discardableResult
    public func beginReorder(at point: Point) -> Bool {
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
    /// the item is not live (on screen) or the data source does not let it move. The layout
    /// does not change until the drop: a reorder session (`ReorderSession`) shows the items around the landing
    /// place, placing nothing that waits (``isLayoutPending``) beyond what the screen needs.
    /// - Complexity: one preview placement — O(c log n + p log c) for the p items from `index`
    ///   to the end of the realized window — plus O(k log k).
    @discardableResult
    public func beginReorder(ofItemAt index: Int, pointer: Point) -> Bool {
        guard reorder == nil, !needsReload, pointer.x.isFinite, pointer.y.isFinite,
              canMoveItem(at: index), let position = live.position(of: index) else { return false }
        let lifted = live.entries.remove(at: position)
        let frame = toViewport(lifted.attributes).frame
        startReorder(ReorderSession(lifted: lifted, pointer: pointer,
                                    grab: Size(width: pointer.x - frame.minX, height: pointer.y - frame.minY)))
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
    public func moveReorder(to point: Point) -> [ItemTransition] {
        guard reorder != nil, point.x.isFinite, point.y.isFinite else { return [] }
        reorder?.pointer = point
        placeLiftedCell()
        return chooseLandingPlace()
    }

    /// The auto-scroll velocity the pointer asks for now, in points per second along the
    /// scroll axis (negative toward the start): non-zero while the pointer is within
    /// ``reorderEdgeDistance`` of the viewport's edge (or past it) and the content can scroll
    /// that way, growing with the square of its closeness up to ``reorderMaximumScrollSpeed``.
    public var reorderScrollVelocity: Double {
        guard let drag = reorder, scrollAxis != .none else { return 0 }
        // Along the scroll axis from the viewport's leading edge (its right one, mirrored).
        let offset = scrollAxis.position(of: contentOffset), length = scrollAxis.length(of: viewportSize)
        let pointer = scrollAxis.position(of: contentPoint(atViewportPoint: drag.pointer)) - offset
        let content = scrollAxis.length(of: contentSize)
        let edge = min(Self.nonNegative(reorderEdgeDistance), length / 3)
        guard edge > 0 else { return 0 }
        func speed(_ depth: Double) -> Double {
            let closeness = min(1, max(0, depth / edge))
            return Self.nonNegative(reorderMaximumScrollSpeed) * closeness * closeness
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
        let distance = velocity * Double(min(seconds, 0.1))
        scrollToOffset(scrollAxis.moving(contentOffset, to: scrollAxis.position(of: contentOffset) + distance))
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
        finishReorder { $0.destination }
    }

    /// Cancels the drag (Escape): nothing moves, the lifted item goes back to its place and
    /// the other items to theirs. Ignored without a drag.
    /// - Returns: the transitions of the live items back to their places, for animation.
    /// - Complexity: O(c log n + k log k).
    @discardableResult
    public func cancelReorder() -> [ItemTransition] {
        finishReorder { $0.source }
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
        guard reorder == nil, !needsReload, canMoveItem(at: index) else { return nil }
        // The offset limited to the items first, so that the sum cannot overflow.
        let destination = index + min(max(offset, -index), layout.itemCount - 1 - index)
        guard destination != index else { return nil }
        return (destination, commitMove(from: index, to: destination))
    }

    // MARK: Internals

    /// The attributes the live set shows for the item at `index`: the layout's, or during a
    /// drag those after the move (see `ReorderSession`).
    func shownAttributes(at index: Int) -> LayoutAttributes {
        guard let reorder else { return layout.layoutAttributes(at: index) }
        return reorder.attributes(at: index, in: layout)
    }

    /// Calls `body` for every item the live set shows overlapping `rect` (content coordinates).
    func forEachShownIndex(in rect: Rect, _ body: (Int) -> Void) {
        guard let reorder else { return layout.forEachIndex(in: rect, body) }
        reorder.forEachIndex(in: rect, of: layout, body)
    }

    /// Places the drag's preview for the viewport at `offset` (nothing without a drag).
    func placeReorderPreview(at offset: Point) {
        let length = scrollAxis.length(of: viewportSize)
        reorder?.place(in: layout, downTo: scrollAxis.position(of: offset) + length + Self.nonNegative(overscan), slack: length)
    }

    /// Tells the host where the lifted item is drawn.
    private func placeLiftedCell() {
        guard let drag = reorder, let attributes = liftedAttributes else { return }
        host?.place(drag.lifted.cell(as: Cell.self), attributes: attributes)
    }

    /// Starts (or resumes) `session`: the other items are shown around its landing place.
    private func startReorder(_ session: ReorderSession) {
        performChange(.reorderPreview) { reorder = session }
        placeLiftedCell()
    }

    /// Chooses the landing place under the pointer: the place of the item under it (other than
    /// the one that chose last), or the last place when the pointer is below every item.
    /// - Returns: the transitions when the landing place changed.
    private func chooseLandingPlace() -> [ItemTransition] {
        guard let drag = reorder else { return [] }
        let inside = Point(x: min(max(drag.pointer.x, 0), max(0, viewportSize.width - 1)),
                             y: min(max(drag.pointer.y, 0), max(0, viewportSize.height - 1)))
        let hit = drag.index(at: contentPoint(atViewportPoint: inside), in: layout)
        guard hit != drag.lastHit else { return [] }
        reorder?.lastHit = hit
        guard let hit else { return [] }
        let destination = drag.move.map(hit) ?? hit
        guard destination != drag.destination else { return [] }
        return performChange(.reorderPreview) { reorder?.destination = destination }
    }

    /// Ends the drag with the lifted item at the index `landing` chooses (its own index: a cancel).
    private func finishReorder(landing: (ReorderSession) -> Int) -> [ItemTransition] {
        guard let drag = reorder, let lifted = liftedAttributes else { return [] }
        reorder = nil
        // The lifted cell rejoins the live set where it was drawn, so that its transition
        // starts at the pointer: its drawn frame's leading corner, in content coordinates.
        var entry = drag.lifted
        entry.attributes = lifted
        let corner = Point(x: mirrorsViewport ? lifted.frame.maxX : lifted.frame.minX, y: lifted.frame.minY)
        entry.attributes.frame.origin = contentPoint(atViewportPoint: corner)
        live.insert(entry)
        return commitMove(from: entry.index, to: landing(drag))
    }

    /// Moves an item in the data source and the layout (when it moves at all) through the
    /// change pipeline, which renumbers the live cells, the selection, the focus and pending
    /// size changes and keeps the scroll offset.
    /// - Returns: the transitions of the live items.
    private func commitMove(from source: Int, to destination: Int) -> [ItemTransition] {
        performChange(.move(from: source, to: destination)) {
            guard source != destination else { return }
            dataSource?.waterfallView(self, moveItemFrom: source, to: destination)
            if incrementally({ $0.moveItem(from: source, to: destination) }) == nil {
                layout.replaceItems(in: source..<source + 1, with: EmptyCollection())
                layout.replaceItems(in: destination..<destination, with: CollectionOfOne(itemSize(at: destination)))
            }
            moveSectionHeader(from: source, to: destination)
        }
    }

    /// Sets the drag aside for a batch update: the live set shows the layout's frames and the
    /// lifted cell stays out of it.
    /// - Returns: the drag, to resume with ``resumeReorder(_:through:)``.
    func suspendReorder() -> ReorderSession? { reorder.take() }

    /// Resumes a drag after a batch update: the lifted item and its landing place follow the
    /// updates (a landing place that no longer exists becomes the last); when the update
    /// deleted the lifted item, the drag ends and its cell goes to the pool.
    func resumeReorder(_ suspended: ReorderSession?, through updates: [ItemUpdate]) {
        guard var session = suspended else { return }
        guard let source = updates.trace(session.source).index else {
            return recycle(session.lifted.cell(as: Cell.self))
        }
        let landing = updates.trace(session.destination).index ?? session.destination
        session.lifted.index = source
        session.destination = min(max(landing, 0), layout.itemCount - 1)
        session.lastHit = nil
        recycleLiveCell(index: source)   // the update may have realized it again at its old place
        startReorder(session)
    }

    /// Ends a drag without moving anything or animating (a reload, a layout switch, detaching):
    /// the lifted cell rejoins the live set at its own index, for the caller to handle.
    func abandonReorder() {
        guard let drag = reorder else { return }
        reorder = nil
        live.insert(drag.lifted)
    }
}

/// How a reorder drag scrolls the content when the pointer nears the viewport's edge
/// (``WaterfallViewModel/reorderEdgeDistance``, ``WaterfallViewModel/reorderMaximumScrollSpeed``).
struct ReorderAutoscroll {
    /// The distance from the edge at which scrolling starts.
    var edgeDistance: Double = 64
    /// The speed at or past the edge, in points per second.
    var maximumSpeed: Double = 1600
}
