/// The per-item storage of a ``WaterfallLayout``: each item's stored value (a height, or a
/// height/width ratio), its slot (column and ``ItemKind`` flags) and the y of its frame, in
/// three raw buffers that share one count and one capacity.
///
/// Raw buffers rather than three `ContiguousArray`s so that appending writes each new item once
/// (no zero fill first), placement writes slots and ys in place without a uniqueness check per
/// array, and growing is one capacity test for all three. Buffers are initialized only up to
/// `count`, and a new item's y only once placement writes it: every mutation of the layout
/// places the items from the first changed one on before anything reads their ys.
///
/// ``WaterfallLayout`` gives it value semantics by copying a shared instance before mutating it
/// (see ``copy()``), which is why the class may be `@unchecked Sendable`: a shared instance is
/// never mutated. The fields the inlinable append touches are `@exclusivity(unchecked)`:
/// inlined into another module, each access to a class's stored property would otherwise pay a
/// dynamic exclusivity check (about a sixth of a feed page's cost), and no access here overlaps
/// another — the layout only ever touches the store from one mutating method at a time.
@usableFromInline
final class ItemStore: @unchecked Sendable {
    /// The number of items.
    @usableFromInline
    @exclusivity(unchecked) var count = 0
    /// The number of items the buffers have room for.
    @usableFromInline
    @exclusivity(unchecked) private(set) var capacity = 0
    /// Per item: its height, or its height/width ratio for proportional items.
    @usableFromInline
    @exclusivity(unchecked) private(set) var values: UnsafeMutablePointer<Double>
    /// Per item: its column (low 14 bits) and ``ItemKind`` flags (top 2 bits).
    @usableFromInline
    @exclusivity(unchecked) private(set) var slots: UnsafeMutablePointer<UInt16>
    /// Per item: the y of its frame's top edge.
    @exclusivity(unchecked) private(set) var ys: UnsafeMutablePointer<Double>
    /// Free room before item 0 in every buffer, so that inserting or removing at the front
    /// (a refresh prepends) moves no item: the buffers' pointers move instead.
    private(set) var front = 0
    /// Set once the layout holds items whose sizes are read lazily: their ys are then written
    /// slice by slice (see ``WaterfallLayout/replaceSubrange(_:withUnreadCount:)``), so the ys
    /// buffer is kept on small pages (see ``HugePages``).
    private(set) var fillsYsInSlices = false

    /// Bytes each item takes.
    static let bytesPerItem = MemoryLayout<Double>.stride * 2 + MemoryLayout<UInt16>.stride

    /// Creates an empty store with room for `capacity` items.
    init(capacity: Int = 0) {
        self.capacity = capacity
        values = .allocate(capacity: capacity)
        slots = .allocate(capacity: capacity)
        ys = .allocate(capacity: capacity)
    }

    deinit {
        (values - front).deallocate()
        (slots - front).deallocate()
        (ys - front).deallocate()
    }

    /// A deep copy, for copy-on-write.
    /// - Complexity: O(n).
    func copy() -> ItemStore {
        let copy = ItemStore(capacity: count)
        copy.fillsYsInSlices = fillsYsInSlices
        copy.values.initialize(from: values, count: count)
        copy.slots.initialize(from: slots, count: count)
        copy.ys.initialize(from: ys, count: count)
        copy.count = count
        return copy
    }

    /// Keeps the ys buffer on small pages from now on: the part of it not written yet, and
    /// every buffer it moves to (see ``fillsYsInSlices``).
    /// - Complexity: O(1).
    func fillYsInSlices() {
        guard !fillsYsInSlices else { return }
        fillsYsInSlices = true
        HugePages.fillInSlices(ys - front, capacity: front + capacity)
    }

    /// Bytes allocated.
    var footprint: Int { (front + capacity) * Self.bytesPerItem }

    /// Replaces the items in `range` with the sanitized form of `items`, moving the items after
    /// the range into place — with their ys when `keepingTailYs` (the items of later segments
    /// keep their ys, which are relative to their segment), else the ys from `range.lowerBound` on are left for placement. At
    /// the front nothing moves (the buffers' start does, see ``front``).
    /// - Complexity: O(n − range.lowerBound + k) for k new items; amortized O(k + range.count)
    ///   when `range.lowerBound == 0`.
    func replaceSubrange<C: Collection>(_ range: Range<Int>, with items: C, keepingTailYs: Bool)
    where C.Element == ItemSize {
        let newCount = count - range.count + items.count
        if range.lowerBound == 0 {
            // At the front the items after the range stay where they are, ys included.
            moveFront(by: items.count - range.count)
            count = newCount
            if newCount == 0 { moveFront(by: front) }   // emptied: all the room is after item 0 again
        } else if range.lowerBound + items.count != range.upperBound {
            // Nothing moves when the count stays (a reload, a replacement of equal length).
            // `update(from:count:)` copies overlapping ranges correctly (a memmove).
            reserve(newCount)
            let tail = count - range.upperBound
            let newUpper = range.lowerBound + items.count
            (values + newUpper).update(from: values + range.upperBound, count: tail)
            (slots + newUpper).update(from: slots + range.upperBound, count: tail)
            if keepingTailYs { (ys + newUpper).update(from: ys + range.upperBound, count: tail) }
            count = newCount
        }
        let (values, slots) = (self.values, self.slots)
        for (offset, item) in items.enumerated() {
            Self.write(item, at: range.lowerBound + offset, values: values, slots: slots)
        }
    }

    /// Appends the sanitized form of every element of `items` in one pass; their ys are left
    /// for placement to write. Inlinable, so a lazy map over a data source is specialized in
    /// the caller and encoded with no intermediate copy.
    /// - Complexity: O(k) amortized for k items.
    @inlinable
    func append<S: Sequence>(contentsOf items: S) where S.Element == ItemSize {
        reserve(count + items.underestimatedCount)
        var iterator = items.makeIterator()
        while true {
            // Local copies, so stores through the buffers need not reload this object's fields.
            let values = self.values, slots = self.slots, capacity = self.capacity
            var filled = count
            while filled < capacity, let item = iterator.next() {
                Self.write(item, at: filled, values: values, slots: slots)
                filled += 1
            }
            count = filled
            guard filled == capacity, let item = iterator.next() else { return }
            reserve(filled + 1)
            Self.write(item, at: filled, values: self.values, slots: self.slots)
            count = filled + 1
        }
    }

    /// Writes the sanitized form of `item` at `index`.
    @inlinable @inline(__always)
    static func write(_ item: ItemSize, at index: Int,
                      values: UnsafeMutablePointer<Double>, slots: UnsafeMutablePointer<UInt16>) {
        let (value, kind) = item.encoded
        values[index] = value
        slots[index] = kind.rawValue
    }

    /// Makes room for at least `minimum` items, at least doubling the capacity when it has to
    /// grow, so a feed of small pages stays amortized O(1) per item. Growing also leaves room
    /// for an eighth of the items (up to 4,096, some 72 KiB) before item 0, so that the first
    /// inserts at the front (refreshes) move nothing either.
    @usableFromInline
    func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        reallocate(front: Swift.max(front, Self.frontRoom(for: minimum, atMost: 1 << 12)), capacity: Swift.max(minimum, 2 * capacity, 16))
    }

    /// The room before item 0 for a store of `count` items: an eighth of them, up to `limit`.
    private static func frontRoom(for count: Int, atMost limit: Int) -> Int { Swift.min(count / 8, limit) }

    /// Makes item 0 the item `growth` places before it (`growth` < 0: after it), moving the
    /// buffers' pointers; the new first items are left for the caller to write. Growing past
    /// the free room at the front makes room for at least an eighth of the items (up to 65,536),
    /// so repeated prepends stay amortized O(k).
    /// - Complexity: O(1), or O(n) when the front has to grow.
    private func moveFront(by growth: Int) {
        if growth > front {
            reallocate(front: Swift.max(growth, Self.frontRoom(for: count, atMost: 1 << 16)), capacity: capacity)
        }
        values -= growth
        slots -= growth
        ys -= growth
        front -= growth
        capacity += growth
    }

    /// Moves the items into new buffers with `newFront` free items before item 0 and room for
    /// `newCapacity` from item 0 on.
    /// - Complexity: O(n).
    private func reallocate(front newFront: Int, capacity newCapacity: Int) {
        values = moved(values, front: newFront, capacity: newCapacity)
        slots = moved(slots, front: newFront, capacity: newCapacity)
        ys = moved(ys, front: newFront, capacity: newCapacity, filledInSlices: fillsYsInSlices)
        front = newFront
        capacity = newCapacity
    }

    /// The items of one of the buffers moved into a new allocation with `newFront` free items
    /// before item 0 and room for `newCapacity` from item 0 on; the old allocation is freed.
    /// - Complexity: O(n).
    private func moved<T>(_ buffer: UnsafeMutablePointer<T>, front newFront: Int, capacity newCapacity: Int,
                          filledInSlices: Bool = false) -> UnsafeMutablePointer<T> {
        let grown = HugePages.allocate(T.self, capacity: newFront + newCapacity, filledInSlices: filledInSlices) + newFront
        grown.moveInitialize(from: buffer, count: count)
        (buffer - front).deallocate()
        return grown
    }
}
