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

        /// Appends `tail`'s members plus `shift`, writing the fence entries from `ys`.
        /// - Complexity: O(k) for k members.
        mutating func append(contentsOf tail: UnsafeBufferPointer<Int32>, shift: Int32, ys: UnsafePointer<Double>) {
            let stride = MemberLists.fenceStride
            let newCount = count + tail.count
            if newCount > capacity {
                grow(to: Swift.max(4 * stride, 2 * capacity, (newCount + stride - 1) / stride * stride))
            }
            let base = base.unsafelyUnwrapped, fence = fence.unsafelyUnwrapped
            let source = tail.baseAddress.unsafelyUnwrapped, destination = base + count
            for offset in 0..<tail.count { destination[offset] = source[offset] &+ shift }
            var position = (count + stride - 1) / stride * stride
            while position < newCount {
                fence[position / stride] = ys[Int(base[position])]
                position += stride
            }
            count = newCount
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
    /// column.
    private(set) var spanStarts: ContiguousArray<SpanStart> = []

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
        copy.spanStarts = spanStarts
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
    /// - Complexity: O(1) when every member is below `index`, else O(log n).
    func last(of list: Int, before index: Int) -> Int32? {
        let members = elements(of: list)
        guard let last = members.last else { return nil }
        if Int(last) < index { return last }
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

    /// Copies out every list's members ≥ `start` (to put back with ``appendTails(_:indexShift:ys:)``
    /// after the lists were truncated and refilled below them).
    /// - Complexity: O(c log n + k) for k members copied.
    func detachTails(from start: Int) -> DetachedTails {
        let firsts = lists.indices.map { position in
            let list = elements(of: position)
            return list.last.map { Int($0) >= start ? list.partitioningIndex { Int($0) >= start } : list.count } ?? 0
        }
        var tails = DetachedTails()
        tails.members.reserveCapacity(zip(lists, firsts).reduce(0) { $0 + $1.0.count - $1.1 })
        for (position, first) in firsts.enumerated() {
            tails.members.append(contentsOf: elements(of: position)[first...])
            tails.ends.append(tails.members.count)
        }
        tails.spanStarts = spanStarts[spanStarts.partitioningIndex { Int($0.index) >= start }...]
        return tails
    }

    /// Appends each list's detached members plus `indexShift`, with fence entries from `ys`.
    /// - Complexity: O(k) for k members.
    func appendTails(_ tails: DetachedTails, indexShift: Int32, ys: UnsafePointer<Double>) {
        tails.members.withUnsafeBufferPointer { members in
            var start = 0
            for (position, end) in tails.ends.enumerated() {
                if end > start {
                    lists[position].append(contentsOf: UnsafeBufferPointer(rebasing: members[start..<end]),
                                           shift: indexShift, ys: ys)
                }
                start = end
            }
        }
        spanStarts.append(contentsOf: tails.spanStarts.lazy.map {
            SpanStart(index: $0.index &+ indexShift, column: $0.column)
        })
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

/// Members copied out of every list by ``MemberLists/detachTails(from:)``.
struct DetachedTails {
    /// The members of all lists, list after list.
    var members: ContiguousArray<Int32> = []
    /// Where each list's members end in ``members``.
    var ends: [Int] = []
    /// The span starts of the detached items.
    var spanStarts: ArraySlice<SpanStart> = []
}
