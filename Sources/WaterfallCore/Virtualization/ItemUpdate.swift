/// One change to the items, for ``WaterfallViewModel/performBatchUpdates(_:)``. A batch is a
/// sequence applied in order, like a series of `Array` edits: each update's indices refer to
/// the items as the previous updates left them.
public enum ItemUpdate: Equatable, Sendable {
    /// New items now occupy `range` (items from `range.lowerBound` on move up).
    case insert(Range<Int>)
    /// The items in `range` are gone.
    case delete(Range<Int>)
    /// The item at `from` is taken out and put back at `to`, as
    /// `array.insert(array.remove(at: from), at: to)`.
    case move(from: Int, to: Int)
    /// The items in `range` changed: their sizes are asked again and their cells replaced.
    case reload(Range<Int>)

    /// How the update changes the item count.
    var countChange: Int {
        switch self {
        case .insert(let range): return range.count
        case .delete(let range): return -range.count
        case .move, .reload: return 0
        }
    }

    /// Whether the update changes what comes before the item at `index` (before the update):
    /// inserts at or before it, deletes, reloads or moves of items before it.
    func changesItems(before index: Int) -> Bool {
        switch self {
        case .insert(let range):
            return !range.isEmpty && range.lowerBound <= index
        case .delete(let range), .reload(let range):
            return !range.isEmpty && range.lowerBound < index
        case .move(let from, let to):
            return from != to && Swift.min(from, to) < index
        }
    }

    /// Where the item at `index` before this update is after it, or `nil` if it was deleted.
    /// - Complexity: O(1).
    func map(_ index: Int) -> Int? {
        switch self {
        case .insert(let range):
            return index >= range.lowerBound ? index + range.count : index
        case .delete(let range):
            if range.contains(index) { return nil }
            return index >= range.upperBound ? index - range.count : index
        case .move(let from, let to):
            if index == from { return to }
            let removed = index > from ? index - 1 : index
            return removed >= to ? removed + 1 : removed
        case .reload:
            return index
        }
    }

    /// The update that undoes this one's renumbering: its ``map(_:)`` takes an item's index
    /// after this update to its index before it (`nil` for an item this update inserted).
    var inverse: ItemUpdate {
        switch self {
        case .insert(let range): return .delete(range)
        case .delete(let range): return .insert(range)
        case .move(let from, let to): return .move(from: to, to: from)
        case .reload: return self
        }
    }

    /// Checks the update against the item count before it.
    func validate(count: Int) {
        switch self {
        case .insert(let range):
            precondition(range.lowerBound >= 0 && range.lowerBound <= count, "insert \(range) outside 0...\(count)")
        case .delete(let range), .reload(let range):
            precondition(range.lowerBound >= 0 && range.upperBound <= count, "\(self) outside 0..<\(count)")
        case .move(let from, let to):
            precondition(from >= 0 && from < count && to >= 0 && to < count, "\(self) outside 0..<\(count)")
        }
    }
}

extension BidirectionalCollection where Element == ItemUpdate {
    /// Follows an item through every update: its final index (or `nil` if deleted) and
    /// whether any update reloaded it.
    /// - Complexity: O(updates).
    func trace(_ index: Int) -> (index: Int?, reloaded: Bool) {
        var current = index
        var reloaded = false
        for update in self {
            if case .reload(let range) = update, range.contains(current) { reloaded = true }
            guard let next = update.map(current) else { return (nil, reloaded) }
            current = next
        }
        return (current, reloaded)
    }

    /// Follows an item back through every update: its index before them, or `nil` if one of
    /// them inserted it.
    /// - Complexity: O(updates).
    func untrace(_ index: Int) -> Int? {
        var current = index
        for update in reversed() {
            guard let previous = update.inverse.map(current) else { return nil }
            current = previous
        }
        return current
    }
}
