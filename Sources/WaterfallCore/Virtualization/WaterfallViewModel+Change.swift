/// What a change to the items, their sizes, the metrics or the layout is. The change pipeline
/// (``WaterfallViewModel/performChange(_:_:)``) chooses by it which item must stay still on
/// screen, whether the items above it are held apart, how live cells are renumbered and
/// whether a cheaper path applies.
enum Change {
    /// Everything is asked again (``WaterfallViewModel/reloadData()``): every cell goes to the
    /// pool, the first visible item keeps its place when it still exists.
    case reload
    /// New columns, margins, spacing or viewport size: the first visible item keeps its place.
    case metrics
    /// Inserts, deletes, moves and reloads, which the data source already reflects: cells,
    /// selection, focus and pending size changes follow their items; the first visible item
    /// that survives keeps its place. An append to a layout that keeps its frames places only
    /// the new items.
    case updates([ItemUpdate])
    /// New sizes for items, the lowest of them at `lowestIndex`.
    case sizes(lowestIndex: Int)
    /// A new layout; the first visible item keeps its place only when `sameAxis` (the new
    /// layout scrolls the same way).
    case layout(sameAxis: Bool)
    /// An item moved by a reorder drop or the keyboard: items are renumbered, the scroll offset
    /// stays.
    case move(from: Int, to: Int)
    /// The reorder preview started, changed its landing place or resumed: only frames change,
    /// the scroll offset stays.
    case reorderPreview

    /// The item updates the change renumbers items through (empty when no item is renumbered).
    var updates: [ItemUpdate] {
        switch self {
        case .updates(let updates): return updates
        case .move(let from, let to): return [.move(from: from, to: to)]
        case .reload, .metrics, .sizes, .layout, .reorderPreview: return []
        }
    }
}

extension WaterfallViewModel {
    /// The one path of every change, in its order:
    /// 1. *anchor*: the visible items and their places on screen (none for a move or a
    ///    preview, which keep the scroll offset);
    /// 2. *hold*: when the change edits items above the first visible one, the items from it on
    ///    become a part of the layout of their own, so the edit moves them by one constant (see
    ///    ``holdVisibleContent(across:firstVisible:)``); a reorder drag is suspended around
    ///    item updates;
    /// 3. *mutate*: `mutate` changes the layout and the data that follow its items;
    /// 4. *restore*: live cells, the selection, the focus and pending size changes are
    ///    renumbered, and the first anchor that survived goes back to its place on screen
    ///    within the scroll range, absorbing the constant move;
    /// 5. *diff*: the live set is derived again by index, so cells that stay keep their
    ///    identity;
    /// 6. *notify*: the new-items count, pending layout and load-more, once.
    ///
    /// An append to a layout that keeps its frames skips the re-derivation: only the new items
    /// are sized, placed and checked against the windows (``appendKeepingFrames(_:_:)``).
    /// - Returns: the transitions of the items live before or after, for animation (deleted
    ///   items fade out, new ones fade in).
    /// - Complexity: `mutate`'s, plus O(c log n + k log k) for k live cells (O(page) for an
    ///   append that keeps frames).
    @discardableResult
    func performChange(_ change: Change, _ mutate: () -> Void) -> [ItemTransition] {
        let updates = change.updates
        let suspended: ReorderSession?
        if case .updates = change { suspended = suspendReorder() } else { suspended = nil }
        defer { resumeReorder(suspended, through: updates) }
        if case .updates = change, let transitions = appendKeepingFrames(updates, mutate) {
            notify(afterChange: change, keptFrames: true)
            return transitions
        }
        let candidates: [ScrollAnchor]
        switch change {
        case .updates, .reload, .metrics, .sizes, .layout(sameAxis: true): candidates = anchorCandidates()
        case .layout(sameAxis: false), .move, .reorderPreview: candidates = []
        }
        holdVisibleContent(for: change, firstVisible: candidates.first?.index)
        if case .reload = change { recycleAllLiveCells() }
        mutate()
        // A metrics change (a resize) renumbers nothing and is not animated: it has no transitions.
        let animated = if case .metrics = change { false } else { true }
        var (transitions, sources) = animated ? renumberLiveCells(through: updates) : ([], [:])
        var anchor: ScrollAnchor?
        // A loop, not a closure: Swift checks the executor at every call of a main-actor closure.
        for candidate in candidates where anchor == nil {
            if let index = updates.trace(candidate.index).index, index < layout.itemCount {
                anchor = ScrollAnchor(index: index, viewportOrigin: candidate.viewportOrigin)
            }
        }
        relayoutLiveCells(keeping: anchor)
        notify(afterChange: change)
        guard animated else { return [] }
        transitions += transitionsOfLiveCells(from: sources, oldIndex: { updates.untrace($0) })
        return transitions
    }

    /// Renumbers the live cells, the selection, the focus and the
    /// pending size changes through `updates`: cells of deleted and reloaded items go to the
    /// pool, a deleted focused item leaves the focus at the same position.
    /// - Returns: the fading transitions of deleted live items, and where every other live item
    ///   was on screen, by its index after the change, for ``transitionsOfLiveCells(from:oldIndex:)``.
    /// - Complexity: O(k · updates + k log k) for k live cells.
    private func renumberLiveCells(through updates: [ItemUpdate]) -> ([ItemTransition], [Int: TransitionSource]) {
        var transitions: [ItemTransition] = []
        var sources: [Int: TransitionSource] = [:]
        sources.reserveCapacity(live.entries.count)
        var survivors: [LiveCell] = []
        let pinned = pinnedHeader
        for entry in live.entries {
            let from = placedAttributes(of: entry, pinned: pinned)
            let (final, reloaded) = updates.trace(entry.index)
            guard let final else {
                recycle(entry.cell(as: Cell.self))
                var faded = from
                faded.alpha = 0
                transitions.append(ItemTransition(kind: .delete, oldIndex: entry.index, newIndex: nil, from: from, to: faded))
                continue
            }
            sources[final] = TransitionSource(oldIndex: entry.index, from: from, reloaded: reloaded)
            if reloaded {
                recycle(entry.cell(as: Cell.self))
            } else {
                survivors.append(LiveCell(index: final, object: entry.object, attributes: entry.attributes))
            }
        }
        live.entries = ContiguousArray(updates.isEmpty ? survivors : survivors.sorted { $0.index < $1.index })
        selection.renumber { updates.trace($0).index }
        let count = layout.itemCount
        focusedIndex = focusedIndex.flatMap { old in updates.trace(old).index ?? (count > 0 ? min(old, count - 1) : nil) }
        renumberPendingSizeChanges(through: updates)
        return (transitions, sources)
    }

    /// The last step of a change (`change`) or of a scroll step or layout slice (`nil`): tells
    /// the host that items wait to be placed after a change that left them waiting, follows
    /// the new-items count through item updates, and fires load-more when the end is near.
    /// An append that `keptFrames` leaves placement as it was, so it is not asked about.
    func notify(afterChange change: Change? = nil, keptFrames: Bool = false) {
        if let change {
            if case .updates(let updates) = change { setNewItemsAbove(isAtTop ? 0 : newItemsAbove(after: updates)) }
            if !keptFrames, isLayoutPending {
                placement.layoutMayBePending = true
                host?.layoutDidBecomePending()
            }
        }
        checkLoadMore()
    }
}
