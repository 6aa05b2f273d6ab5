/// Per column, the indices of the items placed in it, ascending; one extra list holds the
/// full-span items. Within each list both minY and maxY are non-decreasing, which is what makes
/// binary-searched queries exact for every placement strategy.
///
/// Each list also keeps a *fence*: the top of every ``fenceStride``-th member, in its own small
/// array (half a byte per item). A query bisects the fence — a few hundred kilobytes at a
/// million items, so it stays in the cache — and then only one block of members, instead of
/// chasing ~20 probes through the index indirection.
///
/// Plain buffers on manually managed memory, so the placement loop appends with one capacity
/// check and no copy-on-write checks per item. ``WaterfallLayout`` gives it value semantics by
/// copying before mutating a shared instance (see `copy()`), which is why the class may be
/// `@unchecked Sendable`: a shared instance is never mutated.
final class MemberLists: @unchecked Sendable {
    /// Members per fence entry.
    static let fenceStride = 16

    /// One growable list.
    struct List {
        /// The first member index.
        var base: UnsafeMutablePointer<Int32>?
        /// The top of members 0, 16, 32, …
        var fence: UnsafeMutablePointer<Double>?
        /// Members in use.
        var count = 0
        /// Members allocated (a multiple of the fence stride).
        var capacity = 0

        /// Appends a member and its top, doubling the allocation when full.
        @inline(__always)
        mutating func append(_ index: Int32, top: Double) {
            if count == capacity { grow(to: Swift.max(4 * MemberLists.fenceStride, 2 * capacity)) }
            base.unsafelyUnwrapped[count] = index
            if count % MemberLists.fenceStride == 0 {
                fence.unsafelyUnwrapped[count / MemberLists.fenceStride] = top
            }
            count += 1
        }

        /// Moves the members and fence into allocations for `newCapacity` members.
        mutating func grow(to newCapacity: Int) {
            let strides = newCapacity / MemberLists.fenceStride + 1
            let grownBase = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
            let grownFence = UnsafeMutablePointer<Double>.allocate(capacity: strides)
            if let base, let fence {
                grownBase.moveInitialize(from: base, count: count)
                grownFence.moveInitialize(from: fence, count: fenceCount)
                base.deallocate()
                fence.deallocate()
            }
            base = grownBase
            fence = grownFence
            capacity = newCapacity
        }

        /// Fence entries in use.
        var fenceCount: Int { (count + MemberLists.fenceStride - 1) / MemberLists.fenceStride }

        /// Frees the allocations.
        func deallocate() {
            base?.deallocate()
            fence?.deallocate()
        }
    }

    /// The lists: one per column, then the full-span list. A fixed-size buffer rather than an
    /// array property, so reaching a list costs no dynamic exclusivity check.
    private let lists: UnsafeMutableBufferPointer<List>

    /// Creates `count` empty lists.
    init(count: Int) {
        lists = .allocate(capacity: count)
        lists.initialize(repeating: List())
    }

    deinit {
        for list in lists { list.deallocate() }
        lists.deallocate()
    }

    /// A deep copy, for copy-on-write.
    func copy() -> MemberLists {
        let copy = MemberLists(count: lists.count)
        for (position, list) in lists.enumerated() where list.count > 0 {
            copy.lists[position].grow(to: list.count)
            copy.lists[position].base!.initialize(from: list.base!, count: list.count)
            copy.lists[position].fence!.initialize(from: list.fence!, count: list.fenceCount)
            copy.lists[position].count = list.count
        }
        return copy
    }

    /// The number of lists.
    var listCount: Int { lists.count }

    /// The members of one list.
    @inline(__always)
    func elements(of list: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: lists[list].base, count: lists[list].count)
    }

    /// The fence of one list: the tops of members 0, 16, 32, …
    @inline(__always)
    func fence(of list: Int) -> UnsafeBufferPointer<Double> {
        UnsafeBufferPointer(start: lists[list].fence, count: lists[list].fenceCount)
    }

    /// Removes the indices ≥ `start` from every list.
    /// - Complexity: O(c) when nothing is removed, O(c log n) otherwise.
    func truncate(before start: Int) {
        for position in lists.indices {
            let list = elements(of: position)
            guard let last = list.last, Int(last) >= start else { continue }
            lists[position].count = list.partitioningIndex { Int($0) >= start }
        }
    }

    /// Gives closure-scoped mutable access to the lists, for the placement loop.
    @inline(__always)
    func withLists<R>(_ body: (UnsafeMutableBufferPointer<List>) throws -> R) rethrows -> R {
        try body(lists)
    }

    /// Bytes allocated for the lists.
    var footprint: Int {
        lists.reduce(0) {
            $0 + $1.capacity * MemoryLayout<Int32>.stride
                + ($1.capacity / Self.fenceStride + 1) * MemoryLayout<Double>.stride
        } + lists.count * MemoryLayout<List>.stride
    }
}
