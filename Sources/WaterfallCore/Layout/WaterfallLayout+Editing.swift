extension WaterfallLayout {
    /// Appends one item and places it.
    /// - Complexity: O(log c) amortized.
    public mutating func append(_ item: ItemSize) {
        append(contentsOf: CollectionOfOne(item))
    }

    /// Appends items (any sequence: arrays, slices, lazy maps) and places only them — or, while
    /// placement is pending (see ``configureDeferringLayout(_:)``), leaves them to wait with
    /// the rest.
    /// - Complexity: O(k log c) amortized for k new items.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf items: S) where S.Element == ItemSize {
        // Inlinable so the caller specializes the walk over the sequence: a lazy map over the
        // data source is encoded in one pass, with no intermediate array.
        let start = count
        uniqueStorage()
        self.items.append(contentsOf: items)
        precondition(count <= Int(Int32.max), "WaterfallLayout holds at most 2^31 - 1 items")
        placeAppended(from: start)
    }

    /// Places the items appended from `start` on, unless placement is pending.
    @usableFromInline
    mutating func placeAppended(from start: Int) {
        sizeSums.extend(over: items, limit: 2 * SizeSums.blockSize)
        guard placedCount == start else { return }
        placeChain(from: segments.count - 1, upTo: count)
        placedCount = count
        let last = segments[segments.count - 1]
        prefixBottom = Swift.max(prefixBottom, last.tallest + last.origin)
    }

    /// Replaces the items in `range` with `items` (insert, delete or replace) and places again
    /// only the items of the segment that holds the edit, from `range.lowerBound` on — masonry
    /// placement of an item depends on all items before it in its segment; the later segments
    /// move by one constant, and none of their items is renumbered (see ``startBlock(at:)``).
    /// While placement is pending, an edit among waiting items places nothing, and an edit among
    /// placed ones drops the frames of its segment from the edit on (the caller places what it
    /// shows again) unless a placed segment follows, whose place depends on them: before a
    /// segment at an estimated place, nothing is placed.
    ///
    /// An insert at a segment's start goes to the end of the segment before it; a replacement
    /// that covers a segment's start makes the new items that segment's first ones. A segment
    /// left with no item before it is placed again from the page's top, as its items alone.
    /// - Complexity: O(n − range.lowerBound) to move the storage (nothing when the count stays),
    ///   plus O(c log n + (e − range.lowerBound) · log c + s) to place the segment again up to
    ///   its end e, for s segments.
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with items: C)
    where C.Element == ItemSize {
        replaceSubrange(range, with: items, unread: false)
    }

    /// ``replaceSubrange(_:with:)``, or, `unread`, with `items.count` items whose sizes are not
    /// read yet (see ``replaceSubrange(_:withUnreadCount:)``): those are left waiting for
    /// placement, which reads them.
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with items: C, unread: Bool)
    where C.Element == ItemSize {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of bounds 0..<\(count)")
        precondition(count - range.count + items.count <= Int(Int32.max),
                     "WaterfallLayout holds at most 2^31 - 1 items")
        uniqueStorage()
        let wasFullyPlaced = isFullyPlaced
        let change = items.count - range.count
        // The segment the new items go to; a delete of every item before a segment goes to that
        // segment, which becomes the first.
        let deletesPrefix = items.isEmpty && range.lowerBound == 0
        var owner = range.isEmpty ? Swift.max(0, segments.partitioningIndex { $0.start >= range.lowerBound } - 1)
            : segments.partitioningIndex { deletesPrefix ? $0.start > range.upperBound : $0.start >= range.upperBound } - 1
        let ownerWasComplete = isComplete(owner)
        if segments[owner].start > range.lowerBound {
            // The edit covers the segment's start: the segments starting inside it go, and the
            // one before loses its items from the edit on.
            let before = segments.partitioningIndex { $0.start >= range.lowerBound } - 1
            segments.removeSubrange(before + 1..<owner)
            owner = before + 1
            segments[owner].start = range.lowerBound
            if before >= 0 {
                dropFrames(ofSegment: before, from: range.lowerBound)
            } else if !segments[owner].isEstimated {
                // The first segment has no items before it to continue from: it starts level at
                // the page's top, like a layout of its items alone (an estimated one settles there).
                segments[owner].floors = nil
                segments[owner].origin = 0
            }
        }
        for position in owner + 1..<segments.count { segments[position].start += change }
        if unreadCount > 0 { unreadCount -= countUnread(in: range) }
        if unread { self.items.fillYsInSlices() }
        self.items.replaceSubrange(range, with: items, keepingTailYs: owner + 1 < segments.count)
        sizeSums.invalidate(from: range.lowerBound)
        if unread {
            markUnread(range.lowerBound..<range.lowerBound + items.count)
            if ownerWasComplete, !items.isEmpty { estimatePlaceOfFollower(of: owner, from: range.lowerBound) }
        }
        replaceItems(ofSegment: owner, from: range.lowerBound, wasComplete: ownerWasComplete,
                     wasFullyPlaced: wasFullyPlaced && !unread)
        removeEmptySegments()
        summarize()
    }

    /// Removes the segments that hold no item (an edit deleted them, or a prepend inserted
    /// nothing), keeping one: the segment after each settles below the one before, or waits
    /// for placement when that one is not complete.
    /// - Complexity: O(s · (c + s)) for s segments.
    mutating func removeEmptySegments() {
        var position = 0
        while position < segments.count, segments.count > 1 {
            guard segments[position].start == end(ofSegment: position) else {
                position += 1
                continue
            }
            segments.remove(at: position)
            guard position < segments.count else { break }
            if position == 0 || isComplete(position - 1) {
                settle(position)
            } else if !segments[position].isEstimated {
                dropFrames(ofSegment: position, from: segments[position].start)
            }
        }
        // An edit that deleted every waiting item before a segment at an estimated place
        // settles it.
        for position in segments.indices where segments[position].isEstimated && (position == 0 || isComplete(position - 1)) {
            settle(position)
        }
    }

    /// Inserts items before `index` (`index == count` appends).
    /// - Complexity: O(c log n + (n − index) · log c).
    public mutating func insert<C: Collection>(contentsOf items: C, at index: Int) where C.Element == ItemSize {
        replaceSubrange(index..<index, with: items)
    }

    /// Removes the item at `index`.
    /// - Complexity: O(c log n + (n − index) · log c).
    public mutating func remove(at index: Int) {
        replaceSubrange(index..<index + 1, with: EmptyCollection())
    }

    /// Removes the items in `range`.
    /// - Complexity: O(c log n + (n − range.lowerBound) · log c).
    public mutating func removeSubrange(_ range: Range<Int>) {
        replaceSubrange(range, with: EmptyCollection())
    }

    /// Removes every item, keeping the configuration.
    /// - Complexity: O(c).
    public mutating func removeAll() {
        replaceSubrange(0..<count, with: EmptyCollection())
    }
}
