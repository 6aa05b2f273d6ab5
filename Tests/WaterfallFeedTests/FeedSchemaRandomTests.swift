import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

/// Seeded random cases against simple references: key paths written out by a generator that
/// knows what they must find, and the running median against a sorted array.
@Suite("Feed schemas: seeded random cases")
struct FeedSchemaRandomTests {
    /// A random key: plain words, keys with dots, brackets, quotes of the other kind, leading
    /// digits, or spaces.
    func randomKey(using generator: inout SplitMix64) -> String {
        let pieces = ["a", "b", "url", "600x", "x.y", "w[0]", "it's", "say \"hi\"", "1200x", "_k", "é"]
        return (0..<Int.random(in: 1...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// How a key is written in a path: bare when the syntax allows it, else quoted with a quote
    /// it does not contain.
    func written(_ key: String, first: Bool) -> String? {
        let bare = !key.contains(where: { ".[]\"'".contains($0) }) && !(key.first?.isNumber ?? true) && key.trimmingCharacters(in: .whitespaces) == key
        if bare { return first ? key : "." + key }
        if !key.contains("\"") { return "[\"\(key)\"]" }
        if !key.contains("'") { return "['\(key)']" }
        return nil
    }

    @Test func pathsFindWhatTheyName() throws {
        for seed in UInt64(1)...300 {
            var generator = SplitMix64(seed: seed)
            // Build a random chain of containers down to a leaf, and the path text naming it.
            let leaf = FeedValue.string("leaf-\(seed)")
            var components: [FeedKeyPath.Component] = []
            var text = ""
            for depth in 0..<Int.random(in: 1...6, using: &generator) {
                if Bool.random(using: &generator) {
                    let key = randomKey(using: &generator)
                    guard let part = written(key, first: depth == 0) else { continue }
                    components.append(.key(key))
                    text += part
                } else {
                    let index = Int.random(in: 0...3, using: &generator)
                    components.append(.index(index))
                    text += "[\(index)]"
                }
            }
            var document = leaf
            for component in components.reversed() {
                switch component {
                case .key(let key):
                    document = .object([key: document, key + "-other": .integer(1)])
                case .index(let index):
                    var elements = (0...index + 1).map { FeedValue.integer(Int64($0)) }
                    elements[index] = document
                    document = .array(elements)
                }
            }
            let path = try FeedKeyPath(text)
            #expect(path.components == components, "seed \(seed): \(text)")
            #expect(path.value(in: document) == leaf, "seed \(seed): \(text)")
            #expect(try FeedKeyPath(text.isEmpty ? "missing" : text + ".missing").value(in: document) == nil, "seed \(seed)")
        }
    }

    @Test func runningMedianMatchesSortedReference() {
        for seed in UInt64(1)...200 {
            var generator = SplitMix64(seed: seed)
            var estimate = AspectRatioEstimate()
            var ratios: [Double] = []
            #expect(estimate.ratio == 1, "square before any size")
            for step in 0..<Int.random(in: 1...120, using: &generator) {
                let width = Double(Int.random(in: 1...2000, using: &generator))
                let height = Double(Int.random(in: 1...2000, using: &generator))
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    estimate.add(width: 0, height: height)   // invalid sizes are ignored
                } else {
                    estimate.add(width: width, height: height)
                    ratios.append(height / width)
                }
                let sorted = ratios.sorted()
                let reference: Double = sorted.isEmpty ? 1 : sorted.count % 2 == 1
                    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
                #expect(estimate.ratio == reference, "seed \(seed), step \(step)")
                #expect(estimate.count == ratios.count)
            }
        }
    }
}
