extension WaterfallViewModel {
    /// The change pipeline's path for a batch that only appends at the end of an incremental
    /// layout (which keeps every existing frame across an append) when the live set is
    /// settled: after `mutate` only the new items are placed and checked against the realized
    /// and prefetch windows, so a page costs O(page), not O(live cells) — no re-derivation of
    /// the live set, no re-placing of cells that did not move, no prefetch hints repeated for
    /// items already announced. Not while an island it placed is laid out (``PendingPlacement/islandMayJoin``,
    /// see ``WaterfallLayout/place(around:clearance:itemBudget:)``): the new items wait for
    /// placement then, and the general path lays out the window they may enter.
    /// - Returns: the batch's transitions (every live item kept in place, the new live items
    ///   fading in), or `nil`, without calling `mutate`, when the batch is not such an append.
    /// - Complexity: `mutate`'s, plus O(m) frame checks for m new items and O(k) transitions
    ///   for k live cells.
    func appendKeepingFrames(_ updates: [ItemUpdate], _ mutate: () -> Void) -> [ItemTransition]? {
        guard updates.count == 1, case .insert(let range) = updates[0], !range.isEmpty,
              range.lowerBound > 0, range.lowerBound == layout.itemCount, !placement.islandMayJoin,
              let incremental = incrementalType,
              let window = live.window, window == realizedWindow(),
              clampedOffset(contentOffset) == contentOffset else { return nil }
        mutate()
        let page = incremental.placedPage(range, of: layout)
        let kept = live.entries.count
        announceContentSize()
        realizeAppendedItems(in: page.placed, startingAt: page.leadingEdge, window: window, source: dataSource)
        for position in kept..<live.entries.count {
            let entry = live.entries[position]
            host?.place(entry.cell(as: Cell.self), attributes: toViewport(entry.attributes))
        }
        updatePinnedHeader()   // the last section's header may rest on the content's end
        return appendTransitions(keeping: kept)
    }

    /// The transitions of an append: the first `kept` live cells stay where they are, the
    /// others (new items, which come after every old one) fade in.
    ///
    /// Written into the array's storage in one pass over the live entries, reading each
    /// entry's attributes in place (no copy of its cell reference).
    /// - Complexity: O(k) for k live cells.
    private func appendTransitions(keeping kept: Int) -> [ItemTransition] {
        let pinned = pinnedHeader
        return live.entries.withUnsafeBufferPointer { entries in
            [ItemTransition](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
                for position in entries.indices {
                    let index = entries[position].index
                    let attributes = placedAttributes(of: entries[position], pinned: pinned)
                    var from = attributes
                    if position >= kept { from.alpha = 0 }
                    buffer.initializeElement(at: position, to: ItemTransition(
                        kind: position < kept ? .move : .insert, oldIndex: position < kept ? index : nil,
                        newIndex: index, from: from, to: attributes))
                }
                initialized = entries.count
            }
        }
    }

    /// Realizes the appended items in `range` whose frames overlap `window` (the live window)
    /// and announces those overlapping the prefetch window, in index order. A page that starts
    /// beyond both windows along the scroll axis (a page appended below the reader: its
    /// `leadingEdge`, from ``IncrementalLayout/leadingEdge(ofItemsIn:)``, is at or past their
    /// end) needs no look at each frame.
    /// - Complexity: O(1) for a page beyond both windows, else m frame look-ups for m items.
    private func realizeAppendedItems(in range: Range<Int>, startingAt leadingEdge: Double, window: Rect,
                                      source: (any WaterfallDataSource<Cell>)?) {
        let announced = prefetch.window
        let reach = scrollAxis.position(of: Point(x: Swift.max(window.maxX, announced?.maxX ?? -.infinity),
                                                    y: Swift.max(window.maxY, announced?.maxY ?? -.infinity)))
        guard !(leadingEdge >= reach) else { return }
        for index in range {
            let frame = layout.frame(at: index)
            if frame.overlaps(window) { realizeCell(index: index) }
            if let source, let announced, frame.overlaps(announced) { source.waterfallView(self, prefetchItemAt: index) }
        }
    }
}

private extension IncrementalLayout {
    /// After appending `range` to `layout` (a `Self`): the part of `range` placed (items waiting
    /// for placement have no frame yet) and that part's leading edge.
    /// - Complexity: that of ``IncrementalLayout/leadingEdge(ofItemsIn:)``.
    static func placedPage(_ range: Range<Int>, of layout: any CollectionLayout) -> (placed: Range<Int>, leadingEdge: Double) {
        var placed = range   // (set in the closure: a tuple result would instantiate its metadata each call)
        let edge = reading(layout) { layout in
            placed = range.clamped(to: 0..<layout.placedCount)
            return layout.leadingEdge(ofItemsIn: placed)
        }
        return (placed, edge)
    }
}
