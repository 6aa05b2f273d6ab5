/// Per column, the indices of the items placed in it, ascending; one extra list holds the
/// full-span items. An item across k < c columns is a member of each of its k columns' lists,
/// and its first column is kept in a separate list of *span starts*. Within each list both minY
/// and maxY are non-decreasing (every item of a column, spanning or not, is placed below that
/// column's bottom), which is what makes binary-searched queries exact for every placement
/// strategy.
///
/// Each list also keeps a *fence*: the top of every ``fenceStride``-th member, in its own small
/// array (half a byte per item). A query bisects the fence — a few hundred kilobytes at a
/// million items, so it stays in the cache — and then only one block of members, instead of
/// chasing ~20 probes through the index indirection.
///
/// Plain buffers on manually managed memory, so the placement loop appends with one capacity
/// check and no copy-on-write checks per item. ``WaterfallLayout`` gives it value semantics by
/// copying before mutating a shared instance (see `copy(ys:)`), which is why the class may be
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
    /// The items across several (not all) columns, ascending by index, each with its first
    /// column. Unchecked exclusivity, as in ``ItemStore``: every query and relayout reads it,
    /// and no access overlaps another (one mutating layout method at a time).
    @exclusivity(unchecked) private(set) var spanStarts: ContiguousArray<SpanStart> = []

    /// Creates `count` empty lists.
    init(count: Int) {
        lists = .allocate(capacity: count)
        lists.initialize(repeating: List())
    }

    deinit {
        for list in lists { list.deallocate() }
        lists.deallocate()
    }

    /// A deep copy, for copy-on-write; `ys` are the tops of the members' items.
    /// - Complexity: O(n).
    func copy(ys: UnsafePointer<Double>) -> MemberLists {
        let copy = MemberLists(count: lists.count)
        copy.append(membersOf: self, from: 0, indexShift: 0, ys: ys)
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

    /// The last member of a list below `index`, if any.
    /// - Complexity: O(log n).
    func last(of list: Int, before index: Int) -> Int32? {
        let members = elements(of: list)
        let position = members.partitioningIndex { Int($0) >= index }
        return position > 0 ? members[position - 1] : nil
    }

    /// Records that the item at `index`, the last one placed, spans several columns from
    /// `column` (it is already a member of each of their lists).
    /// - Complexity: O(1) amortized.
    @inline(__always)
    func recordSpan(_ index: Int32, from column: Int) {
        spanStarts.append(SpanStart(index: index, column: Int32(truncatingIfNeeded: column)))
    }

    /// The first column of the item at `index`, which spans several (not all) columns.
    /// - Complexity: O(log s) for s such items.
    func firstColumn(ofSpanning index: Int) -> Int {
        let position = spanStarts.partitioningIndex { Int($0.index) >= index }
        precondition(position < spanStarts.count && Int(spanStarts[position].index) == index,
                     "item \(index) spans no columns")
        return Int(spanStarts[position].column)
    }

    /// Appends to each list the members ≥ `start` of the same list of `other`, plus
    /// `indexShift`, with fence entries from `ys` (indexed by the shifted members), and their
    /// span starts: how a segment split off the end of another takes over its members.
    /// - Complexity: O(c log n + k) for k members.
    func append(membersOf other: MemberLists, from start: Int, indexShift: Int32, ys: UnsafePointer<Double>) {
        for position in lists.indices {
            let list = other.elements(of: position)
            let tail = list[list.partitioningIndex { Int($0) >= start }...]
            let needed = lists[position].count + tail.count
            if needed > lists[position].capacity { lists[position].grow(to: needed) }
            for member in tail {
                lists[position].append(member &+ indexShift, top: ys[Int(member &+ indexShift)])
            }
        }
        let spans = other.spanStarts[other.spanStarts.partitioningIndex { Int($0.index) >= start }...]
        spanStarts.append(contentsOf: spans.lazy.map { SpanStart(index: $0.index &+ indexShift, column: $0.column) })
    }

    /// Removes the indices ≥ `start` from every list.
    /// - Complexity: O(c) when nothing is removed, O(c log n) otherwise.
    func truncate(before start: Int) {
        for position in lists.indices {
            let list = elements(of: position)
            guard let last = list.last, Int(last) >= start else { continue }
            lists[position].count = list.partitioningIndex { Int($0) >= start }
        }
        if let last = spanStarts.last, Int(last.index) >= start {
            spanStarts.removeSubrange(spanStarts.partitioningIndex { Int($0.index) >= start }...)
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
        } + lists.count * MemoryLayout<List>.stride + spanStarts.capacity * MemoryLayout<SpanStart>.stride
    }
}

/// An item across several (not all) columns and the first of its columns.
struct SpanStart: Sendable {
    /// The item's index.
    var index: Int32
    /// Its first column (the leading one: the right one in a right-to-left layout).
    var column: Int32
}

extension MemberLists {
    /// `count` empty lists that take over this instance's allocations position by position —
    /// memory that is already mapped, so that a column count change neither unmaps the old
    /// lists on the spot nor faults fresh pages in list by list — and room for `capacity`
    /// members in each column list (the last list, for full-span items, keeps what it gets).
    /// This instance is left with the surplus lists only, and must be uniquely referenced.
    /// - Complexity: O(count), plus an allocation per list that must grow.
    func emptied(toCount count: Int, reserving capacity: Int) -> MemberLists {
        let reused = MemberLists(count: count)
        for position in 0..<Swift.min(count, lists.count) {
            reused.lists[position] = lists[position]
            reused.lists[position].count = 0
            lists[position] = List()
        }
        reused.reserve(capacity)   // empty lists: a growth frees the old allocation, moves nothing
        return reused
    }

    /// Gives each column list (not the last, for full-span items) room for at least `capacity`
    /// members, so that placing them moves none: a doubling copies a whole list at once, which
    /// at millions of items takes milliseconds of one idle slice.
    /// - Complexity: O(c), plus O(k) for each list of k members that grows.
    func reserve(_ capacity: Int) {
        let rounded = (capacity + Self.fenceStride - 1) / Self.fenceStride * Self.fenceStride
        for position in 0..<lists.count - 1 where lists[position].capacity < rounded { lists[position].grow(to: rounded) }
    }
}
