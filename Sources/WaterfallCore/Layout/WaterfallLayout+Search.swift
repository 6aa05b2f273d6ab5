extension WaterfallLayout {
    /// For each member list of the segment at `segment`, the first position whose item ends
    /// below `y` (maxY > y, in the segment's coordinates), stored in `positions[list]`.
    ///
    /// Searches the items' tops rather than their bottoms, then steps back one: items of a list
    /// are stacked, so only the last item that starts at or above `y` can still reach below it.
    /// The tops are searched in two rounds: the lists' fences (every 16th top, small and
    /// contiguous) give each list's block, then that block of 16 members is bisected.
    ///
    /// When `y` is at or below every list's last fence entry (a feed's bottom) only the last
    /// blocks are searched, list by list. Otherwise every list's bisection advances in lockstep,
    /// one probe per list per step, picking its half with a conditional move: after a jump to a
    /// random offset in a large layout nearly every probe misses the cache, and in lockstep the
    /// lists' misses are in flight together instead of one after another, with no mispredicted
    /// branch throwing the other lists' loads away.
    /// - Complexity: O(L log n) for L lists.
    func firstPositions(ofSegment segment: Int, endingBelow y: Double, into positions: UnsafeMutableBufferPointer<Int>) {
        let memberLists = segments[segment].members, start = segments[segment].start
        let lists = 0..<memberLists.listCount
        precondition(positions.count >= lists.count)
        // An empty list counts as ending above y: no block, position 0.
        if lists.allSatisfy({ memberLists.fence(of: $0).last.map { $0 <= y } ?? true }) {
            for (slot, list) in lists.enumerated() {
                positions[slot] = firstPositionInLastBlock(of: memberLists.elements(of: list), from: start, endingBelow: y)
            }
            return
        }
        let ys = items.ys + start
        withUnsafeTemporaryAllocation(of: ListSearch.self, capacity: lists.count) { searches in
            // Round 1: which block of each list holds the last top at or above y.
            for (slot, list) in lists.enumerated() {
                let fence = memberLists.fence(of: list)
                let atEnd = fence.last.map { $0 <= y } ?? false
                searches.initializeElement(at: slot, to: ListSearch(members: memberLists.elements(of: list), fence: fence,
                                                                    base: atEnd ? fence.count - 1 : 0,
                                                                    length: atEnd ? 1 : fence.count))
            }
            Self.bisectInLockstep(searches, notAbove: y) { $0.fence[$1] }
            for slot in searches.indices {
                let search = searches[slot]
                let block = search.length == 0 ? 0 : search.base + (search.fence[search.base] <= y ? 1 : 0)
                let lower = Swift.max(block - 1, 0) * MemberLists.fenceStride
                searches[slot].base = lower
                searches[slot].length = Swift.min(search.members.count, block * MemberLists.fenceStride) - lower
            }
            // Round 2: the last member of that block whose top is at or above y.
            Self.bisectInLockstep(searches, notAbove: y) { ys[Int($0.members[$1])] }
            for (slot, search) in searches.enumerated() {
                guard search.length > 0 else { positions[slot] = 0; continue }
                let position = search.base + (ys[Int(search.members[search.base])] <= y ? 1 : 0)
                positions[slot] = stepBack(position, in: search.members, from: start, endingBelow: y)
            }
        }
    }

    /// ``firstPositions(ofSegment:endingBelow:into:)`` for one list (its `members`, of the
    /// segment starting at `start`) whose last fence entry is at or above `y`: a bisection of
    /// its last block only.
    @inline(__always)
    private func firstPositionInLastBlock(of members: UnsafeBufferPointer<Int32>, from start: Int, endingBelow y: Double) -> Int {
        let ys = items.ys + start
        guard !members.isEmpty else { return 0 }
        let lower = (members.count - 1) / MemberLists.fenceStride * MemberLists.fenceStride
        let position = members[lower...].partitioningIndex { ys[Int($0)] > y }
        return stepBack(position, in: members, from: start, endingBelow: y)
    }

    /// `position` (the first member whose top is below `y`), or the one before it when that
    /// member still reaches below `y`.
    @inline(__always)
    private func stepBack(_ position: Int, in members: UnsafeBufferPointer<Int32>, from start: Int, endingBelow y: Double) -> Int {
        position > 0 && maxY(of: start + Int(members[position - 1])) > y ? position - 1 : position
    }

    /// Bisects every search's range `base ..< base + length` together, where `key(search, p)` is
    /// non-decreasing in `p`. Afterwards each non-empty search has one candidate left
    /// (`length == 1`): `base` is its last position whose key is at most `y`, or its first
    /// position when no key is (the caller tells the two apart with one more compare).
    @inline(__always)
    private static func bisectInLockstep(_ searches: UnsafeMutableBufferPointer<ListSearch>, notAbove y: Double,
                                         key: (ListSearch, Int) -> Double) {
        // A length l becomes l - l/2 each step; that map is monotonic, so once the longest
        // search is down to one candidate, every search is.
        var longest = searches.reduce(0) { Swift.max($0, $1.length) }
        while longest > 1 {
            longest -= longest / 2
            for slot in searches.indices where searches[slot].length > 1 {
                let search = searches[slot]
                let half = search.length / 2
                searches[slot].base = key(search, search.base + half) <= y ? search.base + half : search.base
                searches[slot].length = search.length - half
            }
        }
    }
}

/// One member list's bisection state in ``WaterfallLayout/firstPositions(ofSegment:endingBelow:into:)``.
struct ListSearch {
    /// The list's members (item indices, ascending).
    let members: UnsafeBufferPointer<Int32>
    /// The list's fence: the tops of members 0, 16, 32, …
    let fence: UnsafeBufferPointer<Double>
    /// The first position still in the range being bisected.
    var base: Int
    /// The number of positions still in the range.
    var length: Int
}
