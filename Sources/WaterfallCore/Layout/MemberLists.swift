/// Per column, the indices of the items placed in it, ascending; one extra list holds the
/// full-span items. Within each list both minY and maxY are non-decreasing, which is what makes
/// binary-searched queries exact for every placement strategy.
///
/// Plain `Int32` buffers on manually managed memory, so the placement loop appends with one
/// capacity check and no copy-on-write checks per item. ``WaterfallLayout`` gives it value
/// semantics by copying before mutating a shared instance (see `copy()`), which is why the
/// class may be `@unchecked Sendable`: a shared instance is never mutated.
final class MemberLists: @unchecked Sendable {
    /// One growable list.
    struct List {
        /// The first element.
        var base: UnsafeMutablePointer<Int32>?
        /// Elements in use.
        var count = 0
        /// Elements allocated.
        var capacity = 0

        /// Appends an index, doubling the allocation when full.
        @inline(__always)
        mutating func append(_ index: Int32) {
            if count == capacity { grow(to: Swift.max(16, 2 * capacity)) }
            base.unsafelyUnwrapped[count] = index
            count += 1
        }

        /// Moves the elements into an allocation of `newCapacity` elements.
        mutating func grow(to newCapacity: Int) {
            let grown = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
            if let base {
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
            }
            base = grown
            capacity = newCapacity
        }
    }

    /// The lists: one per column, then the full-span list.
    private(set) var lists: ContiguousArray<List>

    /// Creates `count` empty lists.
    init(count: Int) {
        lists = ContiguousArray(repeating: List(), count: count)
    }

    deinit {
        for list in lists { list.base?.deallocate() }
    }

    /// A deep copy, for copy-on-write.
    func copy() -> MemberLists {
        let copy = MemberLists(count: lists.count)
        for (position, list) in lists.enumerated() where list.count > 0 {
            copy.lists[position].grow(to: list.count)
            copy.lists[position].base!.initialize(from: list.base!, count: list.count)
            copy.lists[position].count = list.count
        }
        return copy
    }

    /// The number of lists.
    var listCount: Int { lists.count }

    /// The elements of one list.
    @inline(__always)
    func elements(of list: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: lists[list].base, count: lists[list].count)
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
        try lists.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Bytes allocated for the lists.
    var footprint: Int {
        lists.reduce(0) { $0 + $1.capacity * MemoryLayout<Int32>.stride }
            + lists.capacity * MemoryLayout<List>.stride
    }
}
