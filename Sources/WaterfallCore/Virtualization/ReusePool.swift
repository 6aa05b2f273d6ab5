/// Cells that left the screen, kept per reuse identifier for
/// ``WaterfallViewModel/dequeueReusableCell(withIdentifier:)``, at most
/// ``capacityPerIdentifier`` of each.
///
/// Identifiers are few (one per cell class), so the buckets are a small array searched
/// linearly — no hashing on the scrolling path. Like ``LiveCells`` it holds cells as
/// existentials, not as a generic cell type, so it runs at full speed from other modules.
@MainActor
struct ReusePool {
    /// What the pool holds.
    typealias Cell = any ReusableCell

    /// The cells pooled under one identifier, most recently enqueued last.
    private struct Bucket {
        let identifier: String
        var cells: [Cell]
    }

    /// The most cells kept per identifier (default 64); extra cells are handed back to be
    /// discarded.
    var capacityPerIdentifier = 64 {
        didSet { precondition(capacityPerIdentifier >= 0, "pool capacity must not be negative") }
    }
    private var buckets: [Bucket] = []

    /// The number of pooled cells.
    /// - Complexity: O(identifiers).
    var count: Int { buckets.reduce(0) { $0 + $1.cells.count } }

    /// Pools `cell`; returns it back when its identifier's bucket is full, for discarding.
    /// - Complexity: O(identifiers), amortized.
    mutating func enqueue(_ cell: Cell) -> Cell? {
        let identifier = cell.reuseIdentifier
        guard let position = bucket(for: identifier) else {
            guard capacityPerIdentifier > 0 else { return cell }
            buckets.append(Bucket(identifier: identifier, cells: [cell]))
            return nil
        }
        guard buckets[position].cells.count < capacityPerIdentifier else { return cell }
        buckets[position].cells.append(cell)
        return nil
    }

    /// Takes the most recently pooled cell with exactly this identifier, if any.
    /// - Complexity: O(identifiers).
    mutating func dequeue(identifier: String) -> Cell? {
        guard let position = bucket(for: identifier) else { return nil }
        return buckets[position].cells.popLast()
    }

    /// The position of the bucket for `identifier`. A plain loop, not `firstIndex(where:)`: a
    /// closure formed on the main actor is isolated to it, and Swift checks the executor at its
    /// every call — on the scrolling path, once per bucket per recycled cell.
    /// - Complexity: O(identifiers).
    private func bucket(for identifier: String) -> Int? {
        var position = 0
        while position < buckets.count {
            if buckets[position].identifier == identifier { return position }
            position += 1
        }
        return nil
    }

    /// Empties the pool, returning every cell it held.
    /// - Complexity: O(pooled cells).
    mutating func removeAll() -> [Cell] {
        defer { buckets.removeAll() }
        return buckets.flatMap(\.cells)
    }
}
