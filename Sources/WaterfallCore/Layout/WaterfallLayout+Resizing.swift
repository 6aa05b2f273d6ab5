extension WaterfallLayout {
    /// Gives items new sizes (an item's image size became known, a self-sizing cell was
    /// measured) and places again once per segment holding a change, from its lowest changed
    /// index to its end: any number of changes cost one suffix placement. Indices may repeat (the
    /// last size wins) and come in any order. The later segments only move (see
    /// ``startBlock(at:)``). While placement is pending, a change drops the frames of its segment
    /// from the change on, as an edit does (see ``replaceSubrange(_:with:)``).
    /// - Complexity: O(k log s + c log n + (e − i) · log c) for k changes whose lowest index in
    ///   a segment ending at e is i, per segment; plus O(s) to move the later segments.
    public mutating func resizeItems<C: Collection>(_ changes: C) where C.Element == (index: Int, size: ItemSize) {
        guard !changes.isEmpty else { return }
        uniqueStorage()
        let wasFullyPlaced = isFullyPlaced
        // The lowest change in each segment.
        var lowestInSegment: [Int: Int] = [:]
        for (index, size) in changes {
            checkIndex(index)
            if unreadCount > 0, items.values[index].isNaN { unreadCount -= 1 }
            ItemStore.write(size, at: index, values: items.values, slots: items.slots)
            let position = segment(holding: index)
            lowestInSegment[position] = Swift.min(lowestInSegment[position] ?? index, index)
        }
        // First segment first: placing one settles (moves) the later ones, which place in
        // their own coordinates.
        for (position, lowest) in lowestInSegment.sorted(by: { $0.key < $1.key }) {
            sizeSums.invalidate(from: lowest)
            replaceItems(ofSegment: position, from: lowest, wasFullyPlaced: wasFullyPlaced)
        }
        summarize()
    }

    /// After the items of the segment at `position` changed from `index` on: drops their
    /// frames, and places them again up to the segment's end when every item had a frame
    /// (`wasFullyPlaced`) or the segment was complete (`wasComplete`, by default as it is now)
    /// and a placed derived segment follows, whose place depends on them.
    /// - Complexity: O(c log n), plus O((e − index) · log c + s) when it places.
    mutating func replaceItems(ofSegment position: Int, from index: Int, wasComplete: Bool? = nil, wasFullyPlaced: Bool) {
        let wasComplete = wasComplete ?? isComplete(position)
        dropFrames(ofSegment: position, from: index)
        let next = position + 1
        let followerHasFrames = next < segments.count && segments[next].placed > 0 && !segments[next].isEstimated
        if wasFullyPlaced || (wasComplete && followerHasFrames) {
            placeChain(from: position, upTo: end(ofSegment: position))
        }
    }

    /// Drops the frames of the segment at `position` from `index` on: they wait for placement.
    /// - Complexity: O(c log n).
    mutating func dropFrames(ofSegment position: Int, from index: Int) {
        let relative = index - segments[position].start
        guard relative < segments[position].placed else { return }
        segments[position].members.truncate(before: relative)
        segments[position].placed = relative
        segments[position].tallest = lastBottom(ofSegment: position)
    }
}
