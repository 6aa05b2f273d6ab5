/// Nearest-rank percentiles of a sample (frame intervals, CPU time per frame, …).
package struct Percentiles: Sendable {
    private let sorted: [Double]

    /// Sorts `samples` once for any number of percentile reads.
    /// - Complexity: O(n log n).
    package init(_ samples: [Double]) {
        sorted = samples.sorted()
    }

    /// The `p`-th percentile (0...100) by nearest rank: the smallest sample that at least `p` %
    /// of the samples are less than or equal to (`p` 0 gives the minimum, 100 the maximum); 0
    /// for an empty sample.
    /// - Complexity: O(1).
    package func value(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
