extension WaterfallLayout {
    /// For each member list in `lists`, the first position whose item ends below `y`
    /// (maxY > y), stored in `positions[list - lists.lowerBound]`.
    ///
    /// Searches the items' tops rather than their bottoms, then steps back one: items of a list
    /// are stacked, so only the last item that starts at or above `y` can still reach below it.
    /// The tops are searched in two rounds: the lists' fences (every 16th top, small and
    /// contiguous) give each list's block, then that block of 16 members is bisected.
    ///
    /// Round 1 is skipped when `y` is at or below every list's last fence entry (a feed's
    /// bottom). Otherwise every list's fence bisection advances in lockstep, one probe per list
    /// per step: after a jump to a random offset in a large layout nearly every probe misses
    /// the cache, and in lockstep the lists' misses are in flight together instead of one after
    /// another. Both rounds pick halves with conditional moves rather than branches, so no
    /// mispredicted branch throws the other lists' loads away.
    /// - Complexity: O(L log n) for L lists.
    func firstPositions(inLists lists: Range<Int>, endingBelow y: Double,
                        into positions: UnsafeMutableBufferPointer<Int>) {
        precondition(positions.count >= lists.count)
        // An empty list counts as ending above y: its "last block" is block 0, position 0.
        if lists.allSatisfy({ members.fence(of: $0).last.map { $0 <= y } ?? true }) {
            for (slot, list) in lists.enumerated() {
                positions[slot] = firstPosition(inList: list, block: members.fence(of: list).count, endingBelow: y)
            }
            return
        }
        withUnsafeTemporaryAllocation(of: FenceSearch.self, capacity: lists.count) { searches in
            for (slot, list) in lists.enumerated() {
                let fence = members.fence(of: list)
                searches.initializeElement(at: slot, to: FenceSearch(fence: fence, base: 0, length: fence.count))
            }
            Self.bisectInLockstep(searches, notAbove: y)
            for (slot, search) in searches.enumerated() {
                let block = search.length == 0 ? 0 : search.base + (search.fence[search.base] <= y ? 1 : 0)
                positions[slot] = firstPosition(inList: lists.lowerBound + slot, block: block, endingBelow: y)
            }
        }
    }

    /// Round 2 of ``firstPositions(inLists:endingBelow:into:)`` for one list: `block` is the
    /// number of the list's fence entries at or above `y` (0: the list starts below `y`), so the
    /// last top at or above `y` is in block `block − 1`.
    @inline(__always)
    private func firstPosition(inList list: Int, block: Int, endingBelow y: Double) -> Int {
        guard block > 0 else { return 0 }
        let members = members.elements(of: list), ys = items.ys
        var base = (block - 1) * MemberLists.fenceStride
        var length = Swift.min(members.count, block * MemberLists.fenceStride) - base
        while length > 1 {
            let half = length / 2
            base = ys[Int(members[base + half])] <= y ? base + half : base
            length -= half
        }
        let position = base + (ys[Int(members[base])] <= y ? 1 : 0)
        return position > 0 && maxY(of: Int(members[position - 1])) > y ? position - 1 : position
    }

    /// Bisects every search's fence range `base ..< base + length` together. Afterwards each
    /// non-empty search has one candidate left (`length == 1`): `base` is its last entry at or
    /// above `y` (≤ y), or its first entry when none is (the caller tells the two apart with one
    /// more compare).
    private static func bisectInLockstep(_ searches: UnsafeMutableBufferPointer<FenceSearch>, notAbove y: Double) {
        // A length l becomes l - l/2 each step; that map is monotonic, so once the longest
        // search is down to one candidate, every search is.
        var longest = searches.reduce(0) { Swift.max($0, $1.length) }
        while longest > 1 {
            longest -= longest / 2
            for slot in searches.indices where searches[slot].length > 1 {
                let search = searches[slot]
                let half = search.length / 2
                searches[slot].base = search.fence[search.base + half] <= y ? search.base + half : search.base
                searches[slot].length = search.length - half
            }
        }
    }
}

/// One member list's fence bisection in ``WaterfallLayout/firstPositions(inLists:endingBelow:into:)``.
struct FenceSearch {
    /// The list's fence: the tops of members 0, 16, 32, …
    let fence: UnsafeBufferPointer<Double>
    /// The first fence entry still in the range being bisected.
    var base: Int
    /// The number of entries still in the range.
    var length: Int
}
