/// The item a layout change must not move on screen, and where it was in the viewport.
struct ScrollAnchor: Equatable {
    /// The item's index (renumbered through batch updates before restoring).
    var index: Int
    /// Its frame's origin relative to the viewport before the change.
    var viewportOrigin: Point
}

extension WaterfallViewModel {
    /// The visible items, lowest index first, with their on-screen positions: anchor
    /// candidates for a change, which keeps the first of them that survives in place.
    /// - Complexity: O(k).
    func anchorCandidates() -> [ScrollAnchor] {
        let bounds = visibleBounds
        var candidates: [ScrollAnchor] = []
        for entry in live.entries where entry.attributes.frame.overlaps(bounds) {
            let frame = entry.attributes.frame
            candidates.append(ScrollAnchor(index: entry.index, viewportOrigin: Point(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY)))
        }
        return candidates
    }

    /// The content offset that puts the anchor's item back at its on-screen position along
    /// the scroll axis (before clamping to the scrollable range).
    /// - Complexity: O(1) for the waterfall.
    func offset(restoring anchor: ScrollAnchor) -> Point {
        let start = scrollAxis.position(of: layout.frame(at: anchor.index).origin)
        return scrollAxis.moving(contentOffset, to: start - scrollAxis.position(of: anchor.viewportOrigin))
    }
}

extension WaterfallViewModel {
    /// The pipeline's *hold* step: keeps what is on screen still across `change`, before it is
    /// applied. A batch that starts with an insert at 0 (a refresh) puts the new items above
    /// the old ones as a block of their own (``IncrementalLayout/startBlock(at:)`` at 0);
    /// otherwise, when the updates or new sizes change items before the first visible one, the
    /// items from the first visible one on become a block of their own. Either way the edits
    /// then move every visible item by one constant, which the *restore* step, putting the
    /// first visible item back at its place on screen, absorbs in the scroll offset.
    /// - Parameter firstVisible: the lowest visible index before the change.
    /// - Complexity: O(updates) plus the layout's `startBlock` (O(c log n) for the waterfall).
    func holdVisibleContent(for change: Change, firstVisible: Int?) {
        if case .sizes(let lowest) = change, let firstVisible, lowest < firstVisible {
            incrementally { $0.startBlock(at: firstVisible) }
        }
        guard case .updates(let updates) = change else { return }
        if case .insert(let range)? = updates.first, range.lowerBound == 0, !range.isEmpty {
            incrementally { $0.startBlock(at: 0) }
            return
        }
        guard let firstVisible else { return }
        var anchor = firstVisible
        for update in updates {
            if update.changesItems(before: anchor) {
                incrementally { $0.startBlock(at: firstVisible) }
                return
            }
            guard let next = update.map(anchor) else { return }
            anchor = next
        }
    }
}
