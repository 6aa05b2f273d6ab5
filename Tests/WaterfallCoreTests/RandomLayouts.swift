import Foundation
import SeededRandom
@testable import WaterfallCore

/// Random configurations and item lists for the engine tests.
enum RandomLayouts {
    /// A random configuration: 1–40 columns (so both the linear scan and the tree are used),
    /// fixed or adaptive, every placement strategy and direction, sometimes bad values.
    static func layout(_ rng: inout SplitMix64) -> WaterfallLayout {
        let columns: ColumnCount = Bool.random(using: &rng)
            ? .fixed(Int.random(in: -1...40, using: &rng))
            : .adaptive(minimumWidth: length(&rng, upTo: 300))
        let placement: PlacementStrategy
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: placement = .shortestColumn
        case 1: placement = .sequential
        default: placement = .shortestWithTolerance(length(&rng, upTo: 120))
        }
        return WaterfallLayout(
            columns: columns,
            insets: EdgeInsets(top: length(&rng, upTo: 20), left: length(&rng, upTo: 20),
                               bottom: length(&rng, upTo: 20), right: length(&rng, upTo: 20)),
            columnSpacing: length(&rng, upTo: 16), rowSpacing: length(&rng, upTo: 16),
            placement: placement,
            direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft,
            containerWidth: length(&rng, upTo: 2000))
    }

    /// A length, usually sensible, sometimes 0, negative, NaN or infinite.
    static func length(_ rng: inout SplitMix64, upTo limit: Double) -> Double {
        switch Int.random(in: 0..<40, using: &rng) {
        case 0: return .nan
        case 1: return -Double.random(in: 0...limit, using: &rng)
        case 2: return .infinity
        case 3: return 0
        default: return Double(Int.random(in: 0...Int(limit), using: &rng)) + (Bool.random(using: &rng) ? 0.5 : 0)
        }
    }

    /// One random item: mostly column items, some full-span, some across several columns,
    /// some invalid.
    static func item(_ rng: inout SplitMix64) -> ItemSize {
        switch Int.random(in: 0..<24, using: &rng) {
        case 0: return .fullSpan(height: length(&rng, upTo: 200))
        case 1: return .fullSpanAspectRatio(width: length(&rng, upTo: 2000), height: length(&rng, upTo: 800))
        case 2...7: return .aspectRatio(width: length(&rng, upTo: 4000), height: length(&rng, upTo: 4000))
        case 20, 21: return .spanning(span(&rng), height: length(&rng, upTo: 300))
        case 22, 23:
            return .spanningAspectRatio(span(&rng), width: length(&rng, upTo: 3000), height: length(&rng, upTo: 2000))
        default: return .height(length(&rng, upTo: 400))
        }
    }

    /// A span: usually 2–6 columns, sometimes 1, below 1 or absurdly many.
    static func span(_ rng: inout SplitMix64) -> Int {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return [0, -1, Int.min].randomElement(using: &rng)!
        case 1: return 1
        case 2: return [40, 16_383, 16_384, Int.max].randomElement(using: &rng)!
        default: return Int.random(in: 2...6, using: &rng)
        }
    }

    /// `count` random items.
    static func items(_ rng: inout SplitMix64, count: Int) -> [ItemSize] {
        (0..<count).map { _ in item(&rng) }
    }
}

extension WaterfallLayout {
    /// Every frame, in index order.
    var allFrames: [Rect] { (0..<count).map { frame(at: $0) } }
}

extension Rect {
    /// Whether two frames are equal up to rounding errors (a relative 1e-9 on every edge and
    /// length), as a reference computing with its own formulas gives them.
    func isClose(to other: Rect) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return close(minX, other.minX) && close(minY, other.minY) && close(width, other.width) && close(height, other.height)
    }
}
