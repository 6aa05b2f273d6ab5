import Foundation

extension WaterfallViewModel {
    /// Whether items still wait to be laid out: a width or column change (``setViewportSize(_:)``,
    /// ``invalidateLayout()``) lays out at once only the items up to the first visible one and
    /// those the viewport, overscan and prefetch windows need, and leaves the rest for
    /// ``continueLayout(within:)`` slices, which the host runs when idle (it is told by
    /// ``WaterfallHosting/layoutDidBecomePending()``). Scrolling, scroll-to-index and edits lay
    /// out what they reach on the way; no frame of a waiting item is ever read.
    public var isLayoutPending: Bool { layout.laidOutCount < layout.itemCount }

    /// How many items, from index 0, are laid out (``numberOfItems`` unless
    /// ``isLayoutPending``).
    public var laidOutItemCount: Int { layout.laidOutCount }

    /// Runs one slice of the pending layout: lays out up to `itemBudget` more items (at least
    /// one), then tells the host the content size, an estimate until the last slice. Nothing
    /// on screen moves: every item the live set shows is laid out already.
    /// - Returns: whether the layout is complete (`true` at once when nothing is pending).
    /// - Complexity: O(c log n + itemBudget · log c) for the waterfall.
    @discardableResult
    public func continueLayout(itemBudget: Int) -> Bool {
        guard isLayoutPending else { return true }
        let done = layout.continueLayout(itemBudget: itemBudget)
        announceContentSize()
        checkLoadMore()
        return done
    }

    /// Runs slices of the pending layout of `sliceItems` items each until `budget` has passed
    /// (measured on `clock`, checked after every slice) or the layout is complete — what a host
    /// calls from an idle callback, e.g. with a budget of 2 ms so that a frame is never held up.
    /// - Returns: whether the layout is complete.
    /// - Complexity: O(budget): at least one slice.
    @discardableResult
    public func continueLayout<C: Clock>(within budget: C.Duration, clock: C, sliceItems: Int = 8_192) -> Bool {
        guard isLayoutPending else { return true }
        let deadline = clock.now.advanced(by: budget)
        var done = false
        repeat {
            done = layout.continueLayout(itemBudget: sliceItems)
        } while !done && clock.now < deadline
        announceContentSize()
        checkLoadMore()
        return done
    }

    /// ``continueLayout(within:clock:sliceItems:)`` on the continuous clock.
    @discardableResult
    public func continueLayout(within budget: Duration) -> Bool {
        continueLayout(within: budget, clock: ContinuousClock())
    }

    /// Lays out everything the live set and prefetching need with the viewport at `offset`:
    /// the viewport widened by the overscan and the prefetch distance on both sides along the
    /// scroll axis. Cheap when it is laid out already.
    /// - Complexity: O(1) when nothing is pending or the window is laid out, else the layout's
    ///   cost for the items up to the window's end.
    func layOutLiveWindows(at offset: CGPoint) {
        guard isLayoutPending else { return }
        let extra = (overscan.isFinite ? max(0, overscan) : 0) + (prefetchDistance.isFinite ? max(0, prefetchDistance) : 0)
        let viewport = CGRect(origin: offset, size: viewportSize)
        switch scrollAxis {
        case .vertical: layout.layOut(covering: viewport.insetBy(dx: 0, dy: -extra))
        case .horizontal: layout.layOut(covering: viewport.insetBy(dx: -extra, dy: 0))
        case .none: layout.layOut(upTo: layout.itemCount)
        }
    }
}
