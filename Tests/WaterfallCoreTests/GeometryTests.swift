import SeededRandom
import Testing
import WaterfallCore

/// `Rect` against a reference that keeps a rectangle as its four edges.
@Suite struct GeometryTests {
    /// A rectangle as its edges, `x0 <= x1`, `y0 <= y1`: the simple model every `Rect` member
    /// is checked against.
    private struct Edges {
        var x0, x1, y0, y1: Double

        init(x0: Double, x1: Double, y0: Double, y1: Double) {
            (self.x0, self.x1, self.y0, self.y1) = (x0, x1, y0, y1)
        }

        init(_ rect: Rect) {
            let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            self.init(x0: min(x, x + w), x1: max(x, x + w), y0: min(y, y + h), y1: max(y, y + h))
        }

        var isEmpty: Bool { x0 == x1 || y0 == y1 }
        var rect: Rect { Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
    }

    /// A rectangle on a small integer grid (so that edges often touch, nest or coincide and
    /// all arithmetic is exact), with negative and zero extents.
    private static func randomRect(_ rng: inout SplitMix64) -> Rect {
        Rect(x: Double(Int.random(in: -8...8, using: &rng)), y: Double(Int.random(in: -8...8, using: &rng)),
             width: Double(Int.random(in: -6...6, using: &rng)), height: Double(Int.random(in: -6...6, using: &rng)))
    }

    @Test("edges, extents, emptiness and point containment match the reference", arguments: 0..<20 as Range<UInt64>)
    func edgesMatchTheReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for step in 0..<200 {
            let rect = Self.randomRect(&rng), edges = Edges(rect)
            #expect(rect.minX == edges.x0 && rect.maxX == edges.x1 && rect.minY == edges.y0 && rect.maxY == edges.y1,
                    "seed \(seed), step \(step): \(rect)")
            #expect(rect.midX == (edges.x0 + edges.x1) / 2 && rect.midY == (edges.y0 + edges.y1) / 2, "seed \(seed), step \(step): \(rect)")
            #expect(rect.width == edges.x1 - edges.x0 && rect.height == edges.y1 - edges.y0, "seed \(seed), step \(step): \(rect)")
            #expect(rect.isEmpty == edges.isEmpty && !rect.isNull, "seed \(seed), step \(step): \(rect)")
            let point = Point(x: Double(Int.random(in: -15...15, using: &rng)) / 2, y: Double(Int.random(in: -15...15, using: &rng)) / 2)
            let inside = !edges.isEmpty && edges.x0 <= point.x && point.x < edges.x1 && edges.y0 <= point.y && point.y < edges.y1
            #expect(rect.contains(point) == inside, "seed \(seed), step \(step): \(rect) contains \(point)")
        }
    }

    @Test("intersection, union and overlap of two rectangles match the reference", arguments: 0..<20 as Range<UInt64>)
    func pairsMatchTheReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for step in 0..<200 {
            let first = Self.randomRect(&rng), second = Self.randomRect(&rng)
            let a = Edges(first), b = Edges(second)
            let shared = Edges(x0: max(a.x0, b.x0), x1: min(a.x1, b.x1), y0: max(a.y0, b.y0), y1: min(a.y1, b.y1))
            let intersection = shared.x0 <= shared.x1 && shared.y0 <= shared.y1 ? shared.rect : .null
            #expect(first.intersection(second) == intersection, "seed \(seed), step \(step): \(first) ∩ \(second)")
            let union = Edges(x0: min(a.x0, b.x0), x1: max(a.x1, b.x1), y0: min(a.y0, b.y0), y1: max(a.y1, b.y1))
            #expect(first.union(second) == union.rect, "seed \(seed), step \(step): \(first) ∪ \(second)")
            if !a.isEmpty && !b.isEmpty {
                // Open intersection: rectangles that only touch do not overlap.
                #expect(first.overlaps(second) == (shared.x0 < shared.x1 && shared.y0 < shared.y1),
                        "seed \(seed), step \(step): \(first) overlaps \(second)")
            }
        }
    }

    @Test("offsetting and insetting standardize, and an inset past the middle is null", arguments: 0..<20 as Range<UInt64>)
    func movesMatchTheReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for step in 0..<200 {
            let rect = Self.randomRect(&rng), edges = Edges(rect)
            let dx = Double(Int.random(in: -4...4, using: &rng)), dy = Double(Int.random(in: -4...4, using: &rng))
            let moved = Edges(x0: edges.x0 + dx, x1: edges.x1 + dx, y0: edges.y0 + dy, y1: edges.y1 + dy)
            #expect(rect.offsetBy(dx: dx, dy: dy) == moved.rect, "seed \(seed), step \(step): \(rect) by \(dx), \(dy)")
            let inset = Edges(x0: edges.x0 + dx, x1: edges.x1 - dx, y0: edges.y0 + dy, y1: edges.y1 - dy)
            let expected = inset.x0 <= inset.x1 && inset.y0 <= inset.y1 ? inset.rect : .null
            #expect(rect.insetBy(dx: dx, dy: dy) == expected, "seed \(seed), step \(step): \(rect) inset by \(dx), \(dy)")
        }
    }

    @Test("the null rectangle: empty, ignored by union, absorbing in intersection, offset and inset")
    func nullRectangle() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(Rect.null.isNull && Rect.null.isEmpty && !Rect.zero.isNull && Rect.zero.isEmpty)
        #expect(Rect.null.union(rect) == rect && rect.union(.null) == rect)
        #expect(Rect.null.intersection(rect).isNull && rect.intersection(.null).isNull)
        #expect(Rect.null.offsetBy(dx: 1, dy: 1).isNull && Rect.null.insetBy(dx: -1, dy: -1).isNull)
        #expect(!Rect.null.contains(Point(x: .infinity, y: .infinity)))
    }

    @Test("an intersection that is all of one rectangle keeps that rectangle's extents exactly")
    func containedIntersectionKeepsExtents() {
        // 0.1 + 0.2 - 0.1 is not 0.2: the extent is taken, not recomputed from the edges.
        let inner = Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2)
        let outer = Rect(x: 0, y: 0, width: 1e300, height: 1e300)
        #expect(inner.intersection(outer) == inner && outer.intersection(inner) == inner)
    }
}
