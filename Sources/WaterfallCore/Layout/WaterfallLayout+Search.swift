extension WaterfallLayout {
    /// For each member list in `lists`, the first position whose item ends below `y`
    /// (maxY > y), stored in `positions[list - lists.lowerBound]`.
    ///
    /// Searches the items' tops rather than their bottoms, then steps back one: items of a list
    /// are stacked, so only the last item that starts at or above `y` can still reach below it.
    /// The tops are searched in two rounds: the lists' fences (every 16th top, small and
    /// contiguous), then in each list the one block of 16 members its fence points to. A query
    /// at the end of the content (a feed's bottom) skips the first round with one compare.
    ///
    /// Within a round every list's bisection advances in lockstep, one probe per list per step,
    /// and picks its half with a conditional move rather than a branch. After a jump to a
    /// random offset in a large layout nearly every probe misses the cache; in lockstep the
    /// lists' misses are in flight together instead of one after another, and no mispredicted
    /// branch throws the other lists' loads away.
    /// - Complexity: O(L log n) for L lists.
    func firstPositions(inLists lists: Range<Int>, endingBelow y: Double,
                        into positions: UnsafeMutableBufferPointer<Int>) {
        precondition(positions.count >= lists.count)
        let ys = items.ys
        withUnsafeTemporaryAllocation(of: Int.self, capacity: lists.count) { lengths in
            let bases = positions.baseAddress!, lengths = lengths.baseAddress!
            // Round 1: which block of each list holds the last top at or above y.
            for (slot, list) in lists.enumerated() {
                let fence = members.fence(of: list)
                if let last = fence.last, last <= y {
                    (bases[slot], lengths[slot]) = (fence.count - 1, 1)
                } else {
                    (bases[slot], lengths[slot]) = (0, fence.count)
                }
            }
            bisectInLockstep(bases, lengths, count: lists.count, notAbove: y) { members.fence(of: lists.lowerBound + $0)[$1] }
            for (slot, list) in lists.enumerated() {
                let fence = members.fence(of: list)
                let block = lengths[slot] == 0 ? 0 : bases[slot] + (fence[bases[slot]] <= y ? 1 : 0)
                let lower = Swift.max(block - 1, 0) * MemberLists.fenceStride
                let upper = Swift.min(members.elements(of: list).count, block * MemberLists.fenceStride)
                (bases[slot], lengths[slot]) = (lower, upper - lower)
            }
            // Round 2: the last member of that block whose top is at or above y.
            bisectInLockstep(bases, lengths, count: lists.count, notAbove: y) {
                ys[Int(members.elements(of: lists.lowerBound + $0)[$1])]
            }
            for (slot, list) in lists.enumerated() {
                guard lengths[slot] > 0 else { bases[slot] = 0; continue }
                let members = members.elements(of: list)
                let position = bases[slot] + (ys[Int(members[bases[slot]])] <= y ? 1 : 0)
                bases[slot] = position > 0 && maxY(of: Int(members[position - 1])) > y ? position - 1 : position
            }
        }
    }

    /// Bisects `count` sorted sequences together: sequence `i` is `key(i, p)` for positions
    /// `bases[i] ..< bases[i] + lengths[i]`. Afterwards each non-empty search has one candidate
    /// left (`lengths[i] == 1`): `bases[i]` is its last position whose key is at most `y`, or its
    /// first position when no key is (the caller tells the two apart with one more compare).
    @inline(__always)
    private func bisectInLockstep(_ bases: UnsafeMutablePointer<Int>, _ lengths: UnsafeMutablePointer<Int>,
                                  count: Int, notAbove y: Double, key: (Int, Int) -> Double) {
        // A length l becomes l - l/2 each step; that map is monotonic, so once the longest
        // search is down to one candidate, every search is.
        var longest = (0..<count).reduce(0) { Swift.max($0, lengths[$1]) }
        while longest > 1 {
            longest -= longest / 2
            for search in 0..<count where lengths[search] > 1 {
                let half = lengths[search] / 2
                bases[search] = key(search, bases[search] + half) <= y ? bases[search] + half : bases[search]
                lengths[search] -= half
            }
        }
    }
}
