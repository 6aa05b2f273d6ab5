/// The size to lay out an item of unknown size at: the running median aspect ratio
/// (height / width) of the items whose size is known, or square before there is any.
///
/// Feeds often give no image size (or give a wrong one). A view lays such items out at this
/// estimate so they take part in the layout at once, then corrects each one when its real size
/// is known (from its image header, see `ImagePipeline`). The median resists outliers (a few
/// panoramas do not flatten every estimate).
public struct AspectRatioEstimate: Sendable {
    /// The lower half of the ratios seen, negated (so the min-heap's top is the half's largest).
    private var lower = MinHeap()
    /// The upper half; the two halves' counts differ by at most one.
    private var upper = MinHeap()

    /// An estimate with no known sizes (square).
    public init() {}

    /// The number of sizes added.
    public var count: Int { lower.count + upper.count }

    /// Adds a known size; sizes that are not finite and positive are ignored.
    /// - Complexity: O(log n).
    public mutating func add(width: Double, height: Double) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return }
        let ratio = height / width
        guard ratio.isFinite, ratio > 0 else { return }
        if let top = lower.top, ratio <= -top {
            lower.push(-ratio)
        } else {
            upper.push(ratio)
        }
        if lower.count > upper.count + 1, let moved = lower.pop() { upper.push(-moved) }
        if upper.count > lower.count + 1, let moved = upper.pop() { lower.push(-moved) }
    }

    /// The median height / width ratio of the sizes added (the mean of the middle two for an
    /// even count), or 1 when none was.
    /// - Complexity: O(1).
    public var ratio: Double {
        switch (lower.top.map { -$0 }, upper.top) {
        case (nil, nil): return 1
        case (let low?, let high?) where lower.count == upper.count: return (low + high) / 2
        case (let low?, _) where lower.count > upper.count: return low
        case (_, let high?): return high
        case (let low?, nil): return low
        }
    }
}

/// A binary min-heap of doubles.
struct MinHeap: Sendable {
    private var storage: [Double] = []

    /// The number of values.
    var count: Int { storage.count }
    /// The smallest value.
    var top: Double? { storage.first }

    /// - Complexity: O(log n).
    mutating func push(_ value: Double) {
        storage.append(value)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest value.
    /// - Complexity: O(log n).
    mutating func pop() -> Double? {
        guard let first = storage.first else { return nil }
        let last = storage.removeLast()
        guard !storage.isEmpty else { return first }
        storage[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var best = parent
            if left < storage.count, storage[left] < storage[best] { best = left }
            if right < storage.count, storage[right] < storage[best] { best = right }
            guard best != parent else { return first }
            storage.swapAt(parent, best)
            parent = best
        }
    }
}
