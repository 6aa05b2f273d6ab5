import Foundation

extension WaterfallLayout {
    /// Appends one item and places it.
    /// - Complexity: O(log c) amortized.
    public mutating func append(_ item: ItemSize) {
        append(contentsOf: CollectionOfOne(item))
    }

    /// Appends items (any sequence: arrays, slices, lazy maps) and places only them.
    /// - Complexity: O(k log c) amortized for k new items.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf items: S) where S.Element == ItemSize {
        // Inlinable so the caller specializes the copy of a non-contiguous sequence; arrays and
        // slices hand over their storage and go straight to the non-generic path.
        let start = count
        if items.withContiguousStorageIfAvailable({ appendEncoded($0) }) == nil {
            ContiguousArray(items).withUnsafeBufferPointer { appendEncoded($0) }
        }
        relayout(from: start)
    }

    /// Stores the sanitized form of `items` after the existing items, without placing them.
    @usableFromInline
    mutating func appendEncoded(_ items: UnsafeBufferPointer<ItemSize>) {
        let total = count + items.count
        precondition(total <= Int(Int32.max), "WaterfallLayout holds at most 2^31 - 1 items")
        values.reserveGeometrically(total)
        slots.reserveGeometrically(total)
        ys.reserveGeometrically(total)
        let start = count
        values.append(contentsOf: repeatElement(0, count: items.count))
        slots.append(contentsOf: repeatElement(0, count: items.count))
        values.withUnsafeMutableBufferPointer { values in
            slots.withUnsafeMutableBufferPointer { slots in
                for (offset, item) in items.enumerated() {
                    let (value, kind) = item.encoded
                    values[start + offset] = value
                    slots[start + offset] = kind.rawValue
                }
            }
        }
    }

    /// Replaces the items in `range` with `items` (insert, delete or replace) and relayouts only
    /// from `range.lowerBound` on, since masonry placement of an item depends on all items
    /// before it.
    /// - Complexity: O(c log n + (n − range.lowerBound) · log c).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with items: C)
    where C.Element == ItemSize {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of bounds 0..<\(count)")
        let encoded = items.map(\.encoded)
        values.replaceSubrange(range, with: encoded.lazy.map(\.value))
        slots.replaceSubrange(range, with: encoded.lazy.map(\.kind.rawValue))
        precondition(values.count <= Int(Int32.max), "WaterfallLayout holds at most 2^31 - 1 items")
        relayout(from: range.lowerBound)
    }

    /// Inserts items before `index` (`index == count` appends).
    /// - Complexity: O(c log n + (n − index) · log c).
    public mutating func insert<C: Collection>(contentsOf items: C, at index: Int) where C.Element == ItemSize {
        replaceSubrange(index..<index, with: items)
    }

    /// Removes the item at `index`.
    /// - Complexity: O(c log n + (n − index) · log c).
    public mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of bounds 0..<\(count)")
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
