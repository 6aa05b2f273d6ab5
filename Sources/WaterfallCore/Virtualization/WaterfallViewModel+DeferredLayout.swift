extension WaterfallViewModel {
    /// Whether items still wait to be laid out: a width or column change (``setViewportSize(_:)``,
    /// ``invalidateLayout()``) lays out at once only the items up to the first visible one and
    /// those the viewport, overscan and prefetch windows need, and leaves the rest for
    /// ``continueLayout(within:clock:sliceItems:)`` slices, which the host runs when idle (it is
    /// told by ``WaterfallHosting/layoutDidBecomePending()``). Scrolling, scroll-to-index and edits lay
    /// out what they reach on the way; no frame of a waiting item is ever read. When more than
    /// ``eagerLayoutLimit`` items lie before the first visible one, the waterfall lays out an
    /// island around it instead (see ``WaterfallLayout/place(around:clearance:itemBudget:)``);
    /// when placement reaches the island — a slice, a scroll up past it, an edit — the island
    /// moves by one constant and the scroll offset moves with it (the host hears
    /// ``WaterfallHosting/contentOffsetDidChange(_:)``), so nothing on screen moves. The
    /// island's start stays a seam (a level row start) until the next width or column change.
    public var isLayoutPending: Bool { layout.placedItemCount < layout.itemCount }

    /// How many items, from index 0, are laid out (``numberOfItems`` unless
    /// ``isLayoutPending``).
    public var placedItemCount: Int { layout.placedItemCount }

    /// Runs one slice of the pending layout: lays out up to `itemBudget` more items (at least
    /// one), then tells the host the content size, an estimate until the last slice. Nothing
    /// on screen moves: every item the live set shows is laid out already.
    /// - Returns: whether the layout is complete (`true` at once when nothing is pending).
    /// - Complexity: O(c log n + itemBudget · log c) for the waterfall.
    @discardableResult
    public func continueLayout(itemBudget: Int) -> Bool {
        runSlices(of: itemBudget, until: { true })
    }

    /// Runs slices of the pending layout of `sliceItems` items each until `budget` has passed
    /// (measured on `clock`, by default the continuous clock, checked after every slice) or the
    /// layout is complete — what a host calls from an idle callback, e.g. with a budget of 2 ms
    /// so that a frame is never held up. While the delegate reads sizes lazily, a slice is at
    /// most `lazySliceItems` items, whose sizes it reads: the clock is read that often, so the
    /// budget is overrun by one such run at most.
    /// - Returns: whether the layout is complete.
    /// - Complexity: O(budget): at least one slice.
    @discardableResult
    public func continueLayout<C: Clock>(within budget: C.Duration, clock: C = ContinuousClock(),
                                         sliceItems: Int = 8_192) -> Bool {
        let deadline = clock.now.advanced(by: budget)
        let sliceItems = readsSizesLazily ? Swift.min(sliceItems, Self.lazySliceItems) : sliceItems
        return runSlices(of: sliceItems, until: { clock.now >= deadline })
    }

    /// Runs slices of `itemBudget` items until the layout is complete or `enough` says so
    /// (asked after each slice), then announces the content size and ends as a scroll step.
    private func runSlices(of itemBudget: Int, until enough: () -> Bool) -> Bool {
        guard isLayoutPending else { return true }
        var done = false
        repeat {
            done = incrementally { $0.continueLayout(itemBudget: itemBudget) } ?? true
        } while !done && !enough()
        announceContentSize()
        notify()
        return done
    }

    /// Lays out everything the live set and prefetching need with the viewport at `offset`:
    /// the viewport widened by the overscan and the prefetch distance on both sides along the
    /// scroll axis. Cheap when it is laid out already.
    /// - Complexity: O(1) when nothing is pending or the window is laid out, else the layout's
    ///   cost for the items up to the window's end.
    func placeLiveWindows(at offset: Point) {
        guard isLayoutPending else { return }
        let window = scrollAxis.widening(Rect(origin: offset, size: viewportSize), by: liveWindowsReach)
        incrementally { $0.place(covering: window) }
    }

    /// How far the windows ``placeLiveWindows(at:)`` lays out reach beyond the viewport on
    /// either side along the scroll axis: the overscan plus the prefetch distance.
    var liveWindowsReach: Double { Self.nonNegative(overscan) + Self.nonNegative(prefetch.distance) }

    /// Gives the item at `index` a frame and lays out `clearance` plus the live windows' reach
    /// of content above it, placing at most about ``eagerLayoutLimit`` waiting items before it:
    /// deep in a huge feed the waterfall lays out an island there (see
    /// ``WaterfallLayout/place(around:clearance:itemBudget:)``) and leaves the items before it
    /// to the idle slices.
    /// - Complexity: the layout's (O(c log n + k log c) for the k items the waterfall places).
    func place(around index: Int, clearance: Double) {
        let clearance = liveWindowsReach + clearance, budget = eagerLayoutLimit
        placement.islandMayJoin = true
        incrementally { $0.place(around: index, clearance: clearance, itemBudget: budget) }
    }

    /// Follows content that deferred placement moved — an island joining the placed prefix,
    /// by one constant — when it is what the live cells show: the scroll offset, the windows
    /// and the live attributes move with it, and the host is told the new offset and the live
    /// cells' places (the same, to float rounding), so nothing on screen moves (as after a
    /// prepend). Content above the moved part stays where it is.
    /// The one place every shift is taken: ``layout``'s observer calls it after each change.
    /// - Complexity: O(k) for k live cells.
    func followLayoutShift(_ shift: LayoutShift) {
        placement.shiftsFollowed += 1
        guard scrollAxis.position(of: (live.window ?? visibleBounds).origin) >= shift.level, shift.distance != 0 else { return }
        contentOffset = scrollAxis.moving(contentOffset, to: scrollAxis.position(of: contentOffset) + shift.distance)
        live.window = live.window.map { scrollAxis.moving($0, by: shift.distance) }
        prefetch.window = prefetch.window.map { scrollAxis.moving($0, by: shift.distance) }
        // From the layout, not offset here: the moved frames are the segment's origin plus each
        // item's place in it, which rounds differently from adding the distance to the old ones.
        placeReorderPreview(at: contentOffset)
        for position in 0..<live.entries.count {
            live.entries[position].attributes = shownAttributes(at: live.entries[position].index)
        }
        host?.contentOffsetDidChange(contentOffset)
        placeLiveCells()   // the same places, but from the moved frames and offset (float rounding)
    }

    /// The attributes of the item at `index` in content coordinates (as the layout's
    /// ``CollectionLayout/layoutAttributes(at:)``), laying out the items up to it first while
    /// the layout is pending (``isLayoutPending``) — the safe way to ask for any item's place.
    /// - Returns: the attributes, or `nil` for an index outside the items.
    /// - Complexity: O(1) for the waterfall when the item is laid out, else the layout's cost
    ///   for the items up to `index` (O(c log n + k log c) for the k items placed).
    public func contentAttributes(ofItemAt index: Int) -> LayoutAttributes? {
        guard index >= 0, index < layout.itemCount else { return nil }
        place(through: index)
        return layout.layoutAttributes(at: index)
    }

    /// Lays out the item at `index` (a valid one) and every item that may overlap the strip
    /// `distance` beyond either of its ends along the scroll axis, so that its frame and the
    /// neighbours a keyboard move looks for can be read. Does nothing when nothing is pending.
    /// - Complexity: O(1) when nothing is pending, else the layout's cost for the items up to
    ///   `index` and those down to `distance` past its frame — O(c log n + k log c) for the k
    ///   items the waterfall places.
    func place(through index: Int, reaching distance: Double = 0) {
        guard isLayoutPending else { return }
        let axis = scrollAxis
        incrementally { layout in
            // An item at or after a segment at an estimated place grows that segment: nothing
            // before it is placed.
            layout.place(around: index, clearance: 0, itemBudget: .max)
            guard distance > 0, distance.isFinite else { return }
            var strip = axis.widening(layout.frame(at: index), by: distance)
            // Within that segment the strip stops at its first item: reaching above it would
            // place every item before the segment at once.
            if let island = layout.islandRange, island.contains(index) {
                let top = axis.position(of: layout.frame(at: island.lowerBound).origin)
                let huge = Double.greatestFiniteMagnitude
                strip = strip.intersection(Rect(origin: axis.moving(strip.origin, to: top), size: Size(width: huge, height: huge)))
            }
            layout.place(covering: strip)
        }
    }

    /// Lays out every item that may contain `point` (content coordinates), so that a hit test
    /// there is exact. Does nothing when nothing is pending.
    /// - Complexity: O(1) when nothing is pending, else the layout's cost for the items down to
    ///   `point`.
    func place(coveringPoint point: Point) {
        guard isLayoutPending, point.x.isFinite, point.y.isFinite else { return }
        incrementally { $0.place(covering: Rect(origin: point, size: Size(width: 1, height: 1))) }
    }
}

/// What placement may still have to do, and what it is doing or did, for the view model's scroll
/// steps and appends.
struct PendingPlacement {
    /// Set when the view model asked the layout to place an island (see
    /// ``WaterfallViewModel/place(around:clearance:)``), until the island has joined the placed items.
    var islandMayJoin = false
    /// Set when a relayout left items waiting (see ``WaterfallViewModel/isLayoutPending``), so
    /// that a scroll step asks the layout only then; cleared once the layout is complete.
    var layoutMayBePending = false
    /// How many times deferred placement moved content that the view model followed (see
    /// ``WaterfallViewModel/followLayoutShift(_:)``).
    var shiftsFollowed = 0
    /// The cell width while the layout, in the middle of a placement, reads unread sizes from
    /// the delegate (see ``WaterfallViewModel/readSizes(in:cellWidth:)``):
    /// ``WaterfallViewModel/cellWidth`` answers with it then.
    var sizeReadingCellWidth: Double?
}
