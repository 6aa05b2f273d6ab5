/// Nearest-rank percentiles of a sample.
struct Percentiles {
    private let sorted: [Double]

    init(_ samples: [Double]) {
        sorted = samples.sorted()
    }

    /// The `p`-th percentile (0...100) by nearest rank; 0 for an empty sample.
    func value(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
