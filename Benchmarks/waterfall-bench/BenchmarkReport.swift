import Foundation

/// The figures a benchmark run produced, in the order they were measured.
struct BenchmarkReport {
    /// Figure name → value.
    private(set) var figures: [(name: String, value: Double)] = []

    /// Records one figure.
    mutating func add(_ name: String, _ value: Double) {
        figures.append((name, value))
    }

    /// One `name value` line per figure.
    var text: String {
        let width = figures.map(\.name.count).max() ?? 0
        return figures.map { name, value in
            name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + String(format: "%.4f", value)
        }.joined(separator: "\n")
    }

    /// One JSON object of figure name → number.
    var json: String {
        "{" + figures.map { "\"\($0.name)\": \(String(format: "%.6g", $0.value))" }.joined(separator: ", ") + "}"
    }
}
