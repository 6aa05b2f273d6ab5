/// Reads the sizes of items that a ``WaterfallLayout`` holds unread (inserted with
/// ``WaterfallLayout/replaceSubrange(_:withUnreadCount:)``) right before placement needs them:
/// the items a viewport shows, the items above them, and the rest in the slices of
/// ``WaterfallLayout/continueLayout(itemBudget:)``. A layout of a million items from a list model
/// reads the few hundred it shows at once instead of every size up front.
///
/// The reader is called in the middle of a placement, with the layout being mutated: it must
/// not reach back into the layout (it gets the cell width to size items by). A view model sets
/// one that asks its delegate (see ``WaterfallDelegate/readsSizesLazily``); it is main-actor
/// code, so a layout holding it must be placed on the main actor (the view model's is).
public struct ItemSizeReader: Sendable {
    /// Items read at most per call.
    static let chunk = 1_024
    /// Items read at most per call while walking up from a deep item for an island's start
    /// (see ``WaterfallLayout/place(around:clearance:itemBudget:)``).
    static let walkChunk = 64

    /// The sizes of the items in the range, in order, for the given cell width (the column
    /// width; 0 along rows, as ``WaterfallCollectionLayout/cellWidth``). An answer of
    /// the wrong length is mended: sizes past the range are dropped, missing ones count as
    /// `.height(0)`.
    let read: @Sendable (Range<Int>, Double) -> [ItemSize]

    /// A reader that answers with `read(range, cellWidth)`.
    public init(_ read: @escaping @Sendable (_ range: Range<Int>, _ cellWidth: Double) -> [ItemSize]) {
        self.read = read
    }
}

extension WaterfallLayout {
    /// Replaces the items in `range` with `count` items whose sizes are not read yet: they are
    /// read from ``sizeReader`` when placement reaches them, in runs of at most 1,024, so an
    /// insertion of a million items costs a pass over the storage and no size look-up. The new
    /// items wait for placement (``isFullyPlaced`` turns false), as after
    /// ``configureDeferringLayout(_:)``: the caller places what it shows (``place(covering:)``)
    /// and the rest in ``continueLayout(itemBudget:)`` slices. Until they are read, the content
    /// length counts them at the mean length of the read items. Edits around them work as
    /// usual. When the new items go before a placed segment (a block, see ``startBlock(at:)``),
    /// that segment, whose place would need them all, gets an estimated place instead (see
    /// ``place(around:clearance:itemBudget:)``) and settles when placement reaches it — unless
    /// an island exists already: then the items before it are read and placed at once.
    /// - Complexity: as ``replaceSubrange(_:with:)`` without placing the new items, which are
    ///   read and placed as placement reaches them.
    public mutating func replaceSubrange(_ range: Range<Int>, withUnreadCount count: Int) {
        replaceSubrange(range, with: repeatElement(ItemSize.height(0), count: Swift.max(0, count)), unread: true)
    }

    /// After unread items went into the complete segment at `position` from `index` on: when a
    /// placed derived segment follows, whose place depends on every item before it, that
    /// segment gets an estimated place instead (it becomes the island, see
    /// ``place(around:clearance:itemBudget:)``), so that nothing has to be read to place it —
    /// it and the derived segments after it move there by one constant, so a view that keeps
    /// one of their items still keeps them all — and it settles, moving them by one constant
    /// again (``takeLayoutShift()``), when placement reaches it.
    /// Not when an island exists already: the unread items before the follower are then read
    /// and placed at once.
    /// - Complexity: O(c log n + s), plus the sums of the item sizes before the follower that
    ///   are not current (O(n) at most).
    mutating func estimatePlaceOfFollower(of position: Int, from index: Int) {
        let next = position + 1
        guard next < segments.count, segments[next].placed > 0, !segments.contains(where: \.isEstimated) else { return }
        dropFrames(ofSegment: position, from: index)
        summarize()
        let estimated = estimatedLevel(before: segments[next].start) - (segments[next].floors?.max() ?? geometry.levelFloor)
        segments[next].isEstimated = true
        // The derived segments after it (blocks held apart below it) move with it: their
        // places were derived from its items.
        moveChain(from: next, by: estimated - segments[next].origin)
    }

    /// Marks the items in `range` unread (a NaN stored value, which no sanitized size has).
    /// - Complexity: O(range.count).
    mutating func markUnread(_ range: Range<Int>) {
        (items.values + range.lowerBound).update(repeating: .nan, count: range.count)
        unreadCount += range.count
    }

    /// How many items in `range` are unread.
    /// - Complexity: O(range.count).
    func countUnread(in range: Range<Int>) -> Int {
        var unread = 0
        for index in range where items.values[index].isNaN { unread += 1 }
        return unread
    }

    /// Reads the sizes of the unread items in `range` from ``sizeReader`` (`.height(0)` without
    /// one), in runs of at most ``ItemSizeReader/chunk`` items, before placement uses them.
    /// - Complexity: O(range.count) plus the reader's calls for the unread items.
    mutating func readUnreadSizes(in range: Range<Int>) {
        var start = range.lowerBound
        while start < range.upperBound, unreadCount > 0 {
            guard items.values[start].isNaN else {
                start += 1
                continue
            }
            var end = start + 1
            while end < range.upperBound, end - start < ItemSizeReader.chunk, items.values[end].isNaN { end += 1 }
            let sizes = sizeReader?.read(start..<end, geometry.isHorizontal ? 0 : geometry.columnWidth) ?? []
            for index in start..<end {
                let offset = index - start
                ItemStore.write(offset < sizes.count ? sizes[offset] : .height(0), at: index,
                                values: items.values, slots: items.slots)
            }
            unreadCount -= end - start
            start = end
        }
    }
}
